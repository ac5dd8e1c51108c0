import { html, raw } from '../support/html-escape.ts';
import { htmlPage } from '../support/html-page.ts';
import { ruleHtml } from './html-rules.ts';
import { baselineSection, coverageSection, failuresSection, observationsSection, specCoverageSection, summarySection } from './html-sections.ts';
import type { RunResult } from './results.ts';
import { interruptionNote, verdictOf } from './summary.ts';
import { transportHtml } from '../sut/transport-notes.ts';

// report.html of a run (support/html-page.ts: self-contained, nothing fetched). `more`: sections another step
// of the same job rendered (`start` adds its traffic simulation), each with its id and nav label.

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
  const body = html`<header><h1>Vehicle Marketplace Partner API v3 — conformance report</h1>
<p><span class="verdict ${verdict}" id="verdict">${verdict.toUpperCase()}</span> exit code ${result.exitCode}</p>
${note ? html`<p class="message" id="interrupted">${note}</p>` : ''}
${result.error ? html`<p class="message" id="error">No check ran: ${result.error.message}</p>` : ''}
${transport.warning}
<dl>
<dt>target</dt><dd><code>${result.target.baseUrl}</code>${result.target.embedded ? ' (embedded reference server)' : ''}${
    result.target.profileFile ? html`, profile <code>${result.target.profileFile}</code>` : ''
  }</dd>
${transport.entry}
<dt>seed</dt><dd><code>${result.seed}</code> (re-run with <code>--seed ${result.seed}</code>)</dd>
<dt>options</dt><dd>${result.options.runs} runs per property${result.options.only ? html`, only <code>${result.options.only}</code>` : ''}${result.options.exclude ? html`, excluding <code>${result.options.exclude}</code>` : ''}${result.options.readOnly ? ', read-only' : ''}</dd>
<dt>started</dt><dd>${result.startedAt}, ${(result.durationMs / 1000).toFixed(1)} s</dd>
<dt>tool</dt><dd>${result.tool.name} ${result.tool.version}</dd>
</dl></header>
<nav><a href="#summary">summary</a><a href="#failures">failures</a>${result.baseline ? html`<a href="#baseline">baseline</a>` : ''}<a href="#rules">rules</a><a href="#coverage">coverage</a><a href="#spec-coverage">spec coverage</a><a href="#observations">observed behaviour</a><a href="#profile">profile</a>${more.map(
    (m) => html`<a href="#${m.id}">${m.label}</a>`,
  )}</nav>
${summarySection(result)}
${failuresSection(result)}
${baselineSection(result)}
<section id="rules"><h2>Rules and evidence</h2>
${areas.map(
  (area) => html`<h3 id="area-${area}">${area}</h3>
${result.rules.filter((r) => r.area === area).map((r) => ruleHtml(r, result))}`,
)}
</section>
${coverageSection(result)}
${specCoverageSection(result)}
${observationsSection(result)}
<section id="profile"><h2>Target profile (secrets redacted)</h2><pre>${JSON.stringify(result.profile, null, 2)}</pre></section>
${more.map((m) => raw(m.html))}`;
  return htmlPage(`vmp-conformance ${verdict.toUpperCase()} — ${result.target.baseUrl}`, body.html);
}
