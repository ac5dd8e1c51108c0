import { html, raw, type Markup } from '../support/html-escape.ts';
import { htmlPage } from '../support/html-page.ts';
import { transportHtml } from '../sut/transport-notes.ts';
import { decodeHistogram } from './histogram.ts';
import { FAILING_KINDS, PHASES, PROBLEM_KINDS } from './problems.ts';
import { percentileLine, SIMULATION_FILE, type SimulationResult } from './simulation-result.ts';
import { lineChart, PERCENTILE_TICKS, percentileSeries } from './svg-charts.ts';

// The simulation as HTML: its section (also part of `start`'s report.html) and the page `simulate` writes as
// report.html — verdict and root cause, counts by kind for each step, problems by inquiry, deliveries over time
// and the delivery latency by percentile as inline SVG charts. Every value is escaped.

const SHOWN = 50;
const STEP: Record<(typeof PHASES)[number], string> = { inject: 'injected stream', read: 'reads', resend: 'resendwebhook' };

export function renderSimulationSection(r: SimulationResult): string {
  const verdict = r.interrupted ? 'interrupted' : r.exitCode === 0 ? 'pass' : 'fail';
  const latency = lineChart(
    [
      ...(r.mode === 'hooks' ? [percentileSeries('send → delivery', '#2f5fb3', decodeHistogram(r.latency.histogram))] : []),
      percentileSeries('resendwebhook → delivery', '#c2571a', decodeHistogram(r.resend.latency.histogram)),
    ],
    { title: 'Webhook delivery latency by percentile', xLabel: 'percentile', yLabel: 'ms', xTicks: PERCENTILE_TICKS },
  );
  // The deliveries resendwebhook asked for are a series of their own, from a marked start (issue 29 §9): mixed into
  // the stream's they read as duplicates.
  const at = (t: { second: number }) => t.second + 0.5;
  const resent = r.timeline.filter((t) => r.resendsFromSec !== undefined && t.second >= Math.floor(r.resendsFromSec));
  const overTime = lineChart(
    [
      ...(r.mode === 'hooks' ? [{ name: 'inquiries sent/s', color: '#2f5fb3', points: r.timeline.map((t) => [at(t), t.sent] as const) }] : []),
      ...(r.mode === 'hooks' ? [{ name: 'stream deliveries received/s', color: '#1b7f3b', points: r.timeline.map((t) => [at(t), t.received] as const) }] : []),
      ...(resent.length > 0
        ? [{ name: 'resendwebhook deliveries received/s', color: '#c2571a', points: resent.map((t) => [at(t), t.resent ?? 0] as const), dashed: true }]
        : []),
    ],
    {
      title: 'Inquiries and deliveries over time',
      xLabel: 'seconds since the first send',
      yLabel: 'per second',
      xDomain: [0, Math.max(r.timeline.length, 1)],
      ...(r.resendsFromSec !== undefined ? { markers: [{ at: r.resendsFromSec, label: `resendwebhook (${r.resend.sent})` }] } : {}),
    },
  );
  const counts: Markup[] = PROBLEM_KINDS.map(
    (k) =>
      html`<tr data-kind="${k}"${r.counts[k] > 0 && FAILING_KINDS.has(k) ? raw(' class="has-fail"') : ''}><th>${k}</th>${PHASES.map(
        (p) => html`<td data-phase="${p}">${r.countsByPhase[p][k]}</td>`,
      )}<td>${FAILING_KINDS.has(k) ? 'fails the run' : 'reported'}</td></tr>`,
  );
  const problems = r.problems
    .slice(0, SHOWN)
    .map((p) => html`<tr><td>${p.kind}</td><td>#${p.index}</td><td><code>${p.sid ?? ''}</code></td><td>${p.phase}</td><td>${p.detail}</td></tr>`);
  const section = html`<section id="simulation"><h2>Traffic simulation</h2>
<p><span class="verdict ${verdict === 'pass' ? 'pass' : verdict === 'interrupted' ? 'interrupted' : 'fail'}" id="simulation-verdict">${verdict.toUpperCase()}</span> exit code ${r.exitCode}</p>
${r.rootCause ? html`<p class="message" id="root-cause"><b>Root cause:</b> ${r.rootCause}</p>` : ''}
<dl>
<dt>mode</dt><dd>${r.mode === 'hooks' ? 'generated inquiries injected through the simulation hooks' : 'observe: resendwebhook on existing inquiries (no simulation hooks)'}</dd>
<dt>agency</dt><dd><code>${r.agency}</code></dd>
<dt>inquiries</dt><dd>${r.inquiries.delivered} of ${r.inquiries.injected} delivered (${r.inquiries.sent} sent)${r.mode === 'hooks' ? html`, seed <code>${r.seed}</code>` : ''}, deadline ${r.deadlineMs} ms</dd>
${r.mode === 'hooks' ? html`<dt>latency from send</dt><dd>${percentileLine(r.latency.percentiles)}</dd>` : ''}
<dt>resendwebhook</dt><dd>${r.resend.ok} of ${r.resend.sent} correct; latency ${percentileLine(r.resend.latency.percentiles)}</dd>
${r.list ? html`<dt>inquiry list</dt><dd>${r.list.listed} found in ${r.list.pages} page(s)${r.list.complete ? '' : ' (incomplete)'}</dd>` : ''}
${r.bySid ? html`<dt>by sid</dt><dd>${r.bySid.ok} of ${r.bySid.checked} found and equal</dd>` : ''}
<dt>webhook configurations</dt><dd>${r.restore.ok ? 'restored' : html`<span class="error">not restored: ${r.restore.error ?? ''}</span>`}</dd>
</dl>
${raw(overTime)}
${raw(latency)}
<table class="counts"><thead><tr><th>kind</th>${PHASES.map((p) => html`<th>${STEP[p]}</th>`)}<th></th></tr></thead><tbody>${counts}</tbody></table>
${problems.length > 0 ? html`<table><tr><th>kind</th><th>inquiry</th><th>sid</th><th>step</th><th>detail</th></tr>${problems}</table>` : ''}
${r.problems.length > SHOWN ? html`<p class="muted">${r.problems.length - SHOWN} more in ${SIMULATION_FILE}</p>` : ''}
</section>`;
  return section.html;
}

/** report.html of `simulate`: the section on a page of its own. */
export function simulationPage(r: SimulationResult): string {
  const verdict = r.interrupted ? 'INTERRUPTED' : r.exitCode === 0 ? 'PASS' : 'FAIL';
  const transport = transportHtml(r.target.transport);
  const header = html`<header><h1>Vehicle Marketplace Partner API v3 — traffic simulation</h1>
${transport.warning}
<dl><dt>target</dt><dd><code>${r.target.baseUrl}</code>${r.target.embedded ? ' (embedded reference server)' : ''}</dd>${transport.entry}
<dt>started</dt><dd>${r.startedAt}, ${(r.durationMs / 1000).toFixed(1)} s</dd><dt>tool</dt><dd>${r.tool.name} ${r.tool.version}</dd></dl></header>`;
  return htmlPage(`vmp-conformance simulate ${verdict} — ${r.target.baseUrl}`, `${header.html}\n${renderSimulationSection(r)}`);
}
