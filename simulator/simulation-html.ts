import { html, raw, type Markup } from '../support/html-escape.ts';
import { decodeHistogram } from './histogram.ts';
import { PROBLEM_KINDS, FAILING_KINDS } from './problems.ts';
import { percentileLine, SIMULATION_FILE, type SimulationResult } from './simulation-result.ts';
import { lineChart, PERCENTILE_TICKS, percentileSeries } from './svg-charts.ts';

// The simulation's section of report.html (for reports/html.ts to include): verdict, counts by kind, problems
// by inquiry, and the delivery-latency distribution as an inline SVG chart. Every value is escaped.

const SHOWN = 50;

export function renderSimulationSection(r: SimulationResult): string {
  const verdict = r.interrupted ? 'interrupted' : r.exitCode === 0 ? 'pass' : 'fail';
  const chart = lineChart(
    [
      ...(r.mode === 'hooks' ? [percentileSeries('send → delivery', '#2f5fb3', decodeHistogram(r.latency.histogram))] : []),
      percentileSeries('resendwebhook → delivery', '#c2571a', decodeHistogram(r.resend.latency.histogram)),
    ],
    { title: 'Webhook delivery latency by percentile', xLabel: 'percentile', yLabel: 'ms', xTicks: PERCENTILE_TICKS },
  );
  const counts: Markup[] = PROBLEM_KINDS.map(
    (k) =>
      html`<tr${r.counts[k] > 0 && FAILING_KINDS.has(k) ? raw(' class="has-fail"') : ''}><th>${k}</th><td>${r.counts[k]}</td><td>${FAILING_KINDS.has(k) ? 'fails the run' : 'reported'}</td></tr>`,
  );
  const problems = r.problems
    .slice(0, SHOWN)
    .map((p) => html`<tr><td>${p.kind}</td><td>#${p.index}</td><td><code>${p.sid ?? ''}</code></td><td>${p.phase}</td><td>${p.detail}</td></tr>`);
  const section = html`<section id="simulation"><h2>Traffic simulation</h2>
<p><span class="verdict ${verdict === 'pass' ? 'pass' : 'fail'}">${verdict.toUpperCase()}</span> exit code ${r.exitCode}</p>
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
${raw(chart)}
<table><tr><th>kind</th><th>inquiries</th><th></th></tr>${counts}</table>
${problems.length > 0 ? html`<table><tr><th>kind</th><th>inquiry</th><th>sid</th><th>step</th><th>detail</th></tr>${problems}</table>` : ''}
${r.problems.length > SHOWN ? html`<p class="muted">${r.problems.length - SHOWN} more in ${SIMULATION_FILE}</p>` : ''}
</section>`;
  return section.html;
}
