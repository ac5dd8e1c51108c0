import { html, raw, type Markup } from '../support/html-escape.ts';
import { htmlPage } from '../support/html-page.ts';
import { transportHtml } from '../sut/transport-notes.ts';
import type { Percentiles } from './histogram.ts';
import { loadCharts, mergedCharts } from './load-charts.ts';
import type { Merged } from './load-merge.ts';
import { LOAD_FILE, MODEL_NOTES, type LoadResult } from './load-result.ts';
import { formatVerdict } from './thresholds.ts';

// A load run as HTML, the page `load` writes as load.html: model and its caveat, verdict, thresholds, inline SVG
// charts (load-charts.ts), per-operation percentiles, conformance under load and the generator's health; and the
// page `load --merge` writes as load-merged.html. Every value is escaped.

const f = (v: number) => (v >= 100 ? String(Math.round(v)) : v.toFixed(2));
const cells = (p: Percentiles): Markup => html`<td>${f(p.p50)}</td><td>${f(p.p90)}</td><td>${f(p.p99)}</td><td>${f(p.p99_9)}</td><td>${f(p.max)}</td>`;

const thresholdList = (ts: LoadResult['thresholds']): Markup | '' =>
  ts.length > 0 ? html`<ul class="thresholds">${ts.map((t) => html`<li class="${t.ok ? 'ok' : 'error'}">${formatVerdict(t)}</li>`)}</ul>` : '';

export function renderLoadSection(r: LoadResult): string {
  const charts = loadCharts(r);
  const verdict = r.exitCode === 0 ? 'pass' : 'fail';
  const operations = Object.entries(r.operations).map(
    ([id, op]) => html`<tr><th>${id}</th><td>${op.requests}</td><td>${op.errors}</td>${cells(op.percentiles)}</tr>`,
  );
  const q = r.requests;
  const transport = transportHtml(r.target.transport);
  const section = html`<section id="load"><h2>Load</h2>
<p><span class="verdict ${verdict}">${verdict.toUpperCase()}</span> exit code ${r.exitCode}${r.reliable ? '' : html` — <span class="error">unreliable: the generator was the bottleneck (${r.generator.reasons.join('; ')})</span>`}</p>
${transport.warning}
<p><strong>${r.model} model.</strong> ${r.modelNote}.</p>
<dl>
<dt>target</dt><dd><code>${r.target.baseUrl}</code>${r.target.embedded ? ' (embedded reference server, in the generator’s process)' : ''}</dd>${transport.entry}
<dt>requests</dt><dd>${q.total} in ${(r.durationMs / 1000).toFixed(1)} s = ${q.rps.toFixed(1)} req/s; non-2xx ${q.non2xx}, failed ${q.transportErrors} (${(q.errorRate * 100).toFixed(3)}%)</dd>
${r.open ? html`<dt>open model</dt><dd>${r.open.scheduled} scheduled, ${r.open.sent} sent, <strong>${r.open.dropped} dropped</strong>, ${r.open.unfinished} unfinished; send lag p99 ${f(r.open.sendLagMs.p99)} ms</dd>` : ''}
<dt>conformance under load</dt><dd>${r.validation.every > 0 ? html`${r.validation.valid} of ${r.validation.sampled} sampled responses valid (every ${r.validation.every}th)` : 'not sampled'}</dd>
<dt>generator</dt><dd>event-loop lag p99 ${f(r.generator.eventLoopLagMs.p99)} ms, CPU ${(r.generator.cpuCores * 100).toFixed(0)}% of a core</dd>
<dt>data</dt><dd><code>${LOAD_FILE}</code> (HDR histograms, base64; merge runs with <code>vmp-conformance load --merge</code>)</dd>
</dl>
${thresholdList(r.thresholds)}
${charts.map((c) => raw(c))}
<table class="operations"><tr><th>operation</th><th>requests</th><th>errors</th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th></tr>
<tr><th>all</th><td>${q.total}</td><td>${q.non2xx + q.transportErrors}</td>${cells(r.latency.percentiles)}</tr>${operations}</table>
${r.validation.errors.length > 0 ? html`<ul>${r.validation.errors.map((e) => html`<li class="error">${e.operation} (${e.status}): ${e.message}</li>`)}</ul>` : ''}
</section>`;
  return section.html;
}

/** A page with a header naming the target, around a section. */
const page = (title: string, heading: string, target: string, section: string): string =>
  htmlPage(title, `${html`<header><h1>Vehicle Marketplace Partner API v3 — ${heading}</h1><p>target <code>${target}</code></p></header>`.html}\n${section}`);

/** load.html of `load`. */
export function loadPage(r: LoadResult): string {
  return page(`vmp-conformance load ${r.exitCode === 0 ? 'PASS' : 'FAIL'} — ${r.target.baseUrl}`, 'load', r.target.baseUrl, renderLoadSection(r));
}

/** load-merged.html: the merged distribution beside each run's, per run and per operation, and the thresholds judged on it. */
export function mergedPage(m: Merged): string {
  const verdict = m.thresholds.every((t) => t.ok) ? 'pass' : 'fail';
  const section = html`<section id="load-merged"><h2>Load, ${m.files.length} runs merged</h2>
<p><span class="verdict ${verdict}" id="verdict">${verdict.toUpperCase()}</span> ${m.total} requests, ${m.failed} errors, ${m.rps.toFixed(1)} req/s summed (meaningful for concurrent runs)</p>
<p><strong>${m.model} model.</strong> ${MODEL_NOTES[m.model]}.</p>
${thresholdList(m.thresholds)}
${mergedCharts(m).map((c) => raw(c))}
<table class="runs"><thead><tr><th>run</th><th>load.json</th><th>started</th><th>requests</th><th>errors</th><th>req/s</th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th></tr></thead>
<tbody>${m.runs.map((run, i) => html`<tr data-run="${i + 1}"><th>run ${i + 1}</th><td><code>${run.file}</code></td><td>${run.startedAt ?? ''}</td><td>${run.total}</td><td>${run.failed}</td><td>${run.rps.toFixed(1)}</td>${cells(run.latency)}</tr>`)}
<tr data-run="merged"><th>merged</th><td></td><td></td><td>${m.total}</td><td>${m.failed}</td><td>${m.rps.toFixed(1)}</td>${cells(m.latency)}</tr></tbody></table>
<table class="operations"><tr><th>operation</th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th></tr>
<tr><th>all</th>${cells(m.latency)}</tr>${Object.entries(m.operations).map(([id, p]) => html`<tr><th>${id}</th>${cells(p)}</tr>`)}</table>
</section>`;
  return page(`vmp-conformance load --merge ${verdict.toUpperCase()}`, 'load, merged runs', m.files.join(', '), section.html);
}
