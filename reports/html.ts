import { html, raw } from '../support/html-escape.ts';
import { ruleHtml } from './html-rules.ts';
import { baselineSection, coverageSection, failuresSection, observationsSection, specCoverageSection, summarySection } from './html-sections.ts';
import type { RunResult } from './results.ts';
import { interruptionNote, verdictOf } from './summary.ts';

// report.html: one self-contained file a person reads — inline CSS, no script, no external asset, and a
// Content-Security-Policy that forbids fetching anything, so opening it never touches the network.

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#1d2430}
h1{font-size:1.5em;margin:.2em 0}h2{border-bottom:1px solid #ccd;padding-bottom:.2em;margin-top:2em}
code,pre{font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace}
pre{background:#f4f5f8;border:1px solid #dde;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
pre.curl{background:#10151f;color:#e8edf5;user-select:all}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #dde;padding:.25em .5em;text-align:left;vertical-align:top}
table.summary td,table.coverage td{text-align:center}tr.has-fail th{color:#b00020}
.verdict{display:inline-block;font-weight:700;padding:.2em .8em;border-radius:4px;color:#fff}
.verdict.pass{background:#1b7f3b}.verdict.fail{background:#b00020}.verdict.interrupted{background:#8a5a00}
.badge{display:inline-block;font-size:11px;font-weight:700;padding:0 .4em;border-radius:3px;color:#fff;background:#667}
.badge.pass{background:#1b7f3b}.badge.fail{background:#b00020}.badge.skip{background:#8a8f98}.badge.observed{background:#2f5fb3}
.baseline{font-size:11px;border:1px solid #999;border-radius:3px;padding:0 .3em}
details.rule{border:1px solid #dde;border-radius:4px;margin:.3em 0;padding:.3em .6em}
details.rule.fail{border-color:#b00020}details.rule>summary{cursor:pointer}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em}dt{color:#556}dd{margin:0}
.exchange{border-left:3px solid #ccd;padding-left:.6em;margin:.6em 0}.muted{color:#778}.error,.message{color:#b00020}
td.cov.exercised{background:#dff3e4;color:#1b7f3b}td.cov.failed{background:#fbe0e4;color:#b00020;font-weight:700}
td.cov.not-exercised{background:#f6f6f6;color:#999}td.na{background:#fff}
span.cov{padding:0 .3em}span.cov.exercised{background:#dff3e4}span.cov.failed{background:#fbe0e4}span.cov.not-exercised{background:#f0f0f0}
nav a{margin-right:1em}.scroll{overflow-x:auto}table.coverage{font-size:12px}table.coverage th{white-space:nowrap}
table.observations{table-layout:fixed;width:100%}table.observations td,table td.message{overflow-wrap:anywhere}
table.statements{table-layout:fixed;width:100%;font-size:13px}table.statements th:first-child{width:16em}table.statements th:nth-child(3){width:22em}table.statements th:last-child{width:7em}table.statements td{overflow-wrap:anywhere}
table.observations th{width:7.5em}table.observations th:nth-child(3){width:11em}table.observations th:last-child{width:auto}
`;

export function htmlReport(result: RunResult): string {
  const verdict = verdictOf(result).toLowerCase();
  const note = interruptionNote(result);
  const areas = [...new Set(result.rules.map((r) => r.area))];
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>vmp-conformance ${verdict.toUpperCase()} — ${result.target.baseUrl}</title>
<style>${raw(CSS)}</style></head>
<body>
<header><h1>Vehicle Marketplace Partner API v3 — conformance report</h1>
<p><span class="verdict ${verdict}" id="verdict">${verdict.toUpperCase()}</span> exit code ${result.exitCode}</p>
${note ? html`<p class="message" id="interrupted">${note}</p>` : ''}
<dl>
<dt>target</dt><dd><code>${result.target.baseUrl}</code>${result.target.embedded ? ' (embedded reference server)' : ''}</dd>
<dt>seed</dt><dd><code>${result.seed}</code> (re-run with <code>--seed ${result.seed}</code>)</dd>
<dt>options</dt><dd>${result.options.runs} runs per property${result.options.only ? html`, only <code>${result.options.only}</code>` : ''}${result.options.readOnly ? ', read-only' : ''}</dd>
<dt>started</dt><dd>${result.startedAt}, ${(result.durationMs / 1000).toFixed(1)} s</dd>
<dt>tool</dt><dd>${result.tool.name} ${result.tool.version}</dd>
</dl></header>
<nav><a href="#summary">summary</a><a href="#failures">failures</a>${result.baseline ? html`<a href="#baseline">baseline</a>` : ''}<a href="#rules">rules</a><a href="#coverage">coverage</a><a href="#spec-coverage">spec coverage</a><a href="#observations">observed behaviour</a><a href="#profile">profile</a></nav>
${summarySection(result)}
${failuresSection(result)}
${baselineSection(result)}
<section id="rules"><h2>Rules and evidence</h2>
${areas.map(
  (area) => html`<h3 id="area-${area}">${area}</h3>
${result.rules.filter((r) => r.area === area).map(ruleHtml)}`,
)}
</section>
${coverageSection(result)}
${specCoverageSection(result)}
${observationsSection(result)}
<section id="profile"><h2>Target profile (secrets redacted)</h2><pre>${JSON.stringify(result.profile, null, 2)}</pre></section>
</body></html>
`;
  return page.html;
}
