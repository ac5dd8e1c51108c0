import { html, raw, type Markup } from '../support/html-escape.ts';
import { htmlPage } from '../support/html-page.ts';
import { ruleHtml } from './html-rules.ts';
import type { AreaCounts } from './progress.ts';
import { baselineSection, coverageSection, failuresSection, observationsSection, specCoverageSection, summarySection } from './html-sections.ts';
import type { RunResult } from './results.ts';
import { infrastructureLines } from './infrastructure-cause.ts';
import { areaSummaries, interruptionNote, verdictOf } from './summary.ts';
import { transportHtml } from '../sut/transport-notes.ts';
import { selectionParts } from './selection-words.ts';

// report.html of a run (support/html-page.ts: self-contained, nothing fetched). `more`: sections another step
// of the same job rendered (`start` adds its traffic simulation), each with its id and nav label. A table of
// contents leads (issue 29 §9: `start`'s page was 48,000 px tall), each area of rules and each section of the spec
// coverage is a <details> open only when something in it failed, and a link back to the contents stays in view.

export interface MoreSection {
  id: string;
  label: string;
  /** Markup whose every value is escaped already. */
  html: string;
}

export function htmlReport(result: RunResult, more: readonly MoreSection[] = []): string {
  const verdict = verdictOf(result).toLowerCase();
  const note = interruptionNote(result);
  const areas = [...new Set(result.rules.map((r) => r.area))];
  const transport = transportHtml(result.target.transport);
  const counts = new Map(areaSummaries(result.rules).map((a) => [a.area, a.counts]));
  const body = html`<header><h1>Vehicle Marketplace Partner API v3 — conformance report</h1>
<p><span class="verdict ${verdict}" id="verdict">${verdict.toUpperCase()}</span> exit code ${result.exitCode}</p>
${note ? html`<p class="message" id="interrupted">${note}</p>` : ''}
${result.error ? html`<p class="message" id="error">No check ran: ${result.error.message}</p>` : ''}
${infrastructureLines(result.infrastructure).map((line) => html`<p class="message infrastructure">${line}</p>`)}
${transport.warning}
<dl>
<dt>target</dt><dd><code>${result.target.baseUrl}</code>${result.target.embedded ? ' (embedded reference server)' : ''}${
    result.target.profileFile ? html`, profile <code>${result.target.profileFile}</code>` : ''
  }</dd>
${transport.entry}
<dt>seed</dt><dd><code>${result.seed}</code> (re-run with <code>--seed ${result.seed}</code>)</dd>
<dt>options</dt><dd>${result.options.runs} runs per property${selectionParts(result.options).map(([word, value]) => html`, ${word} <code>${value}</code>`)}${result.options.readOnly ? ', read-only' : ''}</dd>
<dt>started</dt><dd>${result.startedAt}, ${(result.durationMs / 1000).toFixed(1)} s</dd>
<dt>tool</dt><dd>${result.tool.name} ${result.tool.version}</dd>
</dl></header>
${contents(result, more)}
${summarySection(result)}
${failuresSection(result)}
${baselineSection(result)}
<section id="rules"><h2>Rules and evidence</h2>
${areas.map((area) => {
  const rules = result.rules.filter((r) => r.area === area);
  return html`<details class="area" id="area-${area}"${rules.some((r) => r.verdict === 'fail') ? raw(' open') : ''}><summary><h3>${area}</h3> <span class="muted">${countsText(counts.get(area)!)}</span></summary>
${rules.map((r) => ruleHtml(r, result))}</details>`;
})}
</section>
${coverageSection(result)}
${specCoverageSection(result)}
${observationsSection(result)}
<section id="profile"><h2>Target profile (secrets redacted)</h2><details><summary>the profile the run used, as JSON</summary><pre>${JSON.stringify(result.profile, null, 2)}</pre></details></section>
${more.map((m) => raw(m.html))}
<a class="to-contents" href="#contents">↑ contents</a>`;
  return htmlPage(`vmp-conformance ${verdict.toUpperCase()} — ${result.target.baseUrl}`, body.html);
}

/** "20 passed, 1 failed": the counts of an area that are not 0. */
const countsText = (c: AreaCounts): string =>
  Object.entries({ passed: c.pass, failed: c.fail, skipped: c.skip, observed: c.observed })
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');

/** The table of contents: every section, the areas of rules with their counts, and the sections other steps added. */
function contents(result: RunResult, more: readonly MoreSection[]): Markup {
  const failed = result.rules.filter((r) => r.verdict === 'fail').length;
  const areas = areaSummaries(result.rules);
  return html`<nav id="contents" aria-label="contents"><h2>Contents</h2><ol>
<li><a href="#summary">Summary by spec area</a></li>
<li><a href="#failures">Failed rules (${failed})</a></li>
${result.baseline ? html`<li><a href="#baseline">Baseline</a></li>` : ''}
<li><a href="#rules">Rules and evidence (${result.rules.length})</a><ol class="areas">${areas.map(
    (a) => html`<li class="${a.counts.fail ? 'has-fail' : ''}"><a href="#area-${a.area}">${a.area}</a> <span class="muted">${countsText(a.counts)}</span></li>`,
  )}</ol></li>
<li><a href="#coverage">Coverage matrix</a></li>
<li><a href="#spec-coverage">Spec coverage (${result.specCoverage.length} statements)</a></li>
<li><a href="#observations">Observed behaviour where the spec is silent</a></li>
<li><a href="#profile">Target profile</a></li>
${more.map((m) => html`<li><a href="#${m.id}">${m.label}</a></li>`)}
</ol></nav>`;
}
