import type { Percentiles } from './histogram.ts';
import type { LoadResult } from './load-result.ts';
import { mixProblemLine } from './mix-problems.ts';
import { formatVerdict } from './thresholds.ts';

// The console summary of a load run (and of a --merge): counts, percentiles overall and per operation,
// dropped sends, conformance under load, generator health, thresholds.

const ms = (v: number) => (v >= 100 ? `${Math.round(v)}` : v.toFixed(2));

export function percentilesMsLine(p: Percentiles): string {
  if (p.count === 0) return 'no samples';
  return `p50 ${ms(p.p50)} ms, p90 ${ms(p.p90)} ms, p99 ${ms(p.p99)} ms, p99.9 ${ms(p.p99_9)} ms, max ${ms(p.max)} ms (n=${p.count})`;
}

export function loadSummaryLines(r: LoadResult, operationsShown = 12): string[] {
  const q = r.requests;
  const lines = [
    `load: ${q.total} requests in ${(r.durationMs / 1000).toFixed(1)} s = ${q.rps.toFixed(1)} req/s; non-2xx ${q.non2xx}, failed ${q.transportErrors} (errors ${(q.errorRate * 100).toFixed(3)}%)`,
    `load: latency${r.model === 'open' ? ' from intended send time' : ' (closed model: hides coordinated omission)'}: ${percentilesMsLine(r.latency.percentiles)}`,
  ];
  if (r.open) {
    const o = r.open;
    lines.push(
      `load: open model: ${o.scheduled} scheduled, ${o.sent} sent, ${o.dropped} dropped (no free connection at their time), ${o.unfinished} unfinished at the end; send lag ${percentilesMsLine(o.sendLagMs)}`,
    );
  }
  const ops = Object.entries(r.operations).sort(([, a], [, b]) => b.requests - a.requests);
  for (const [id, op] of ops.slice(0, operationsShown)) {
    lines.push(
      `  ${id.padEnd(28)} ${String(op.requests).padStart(8)} req ${String(op.errors).padStart(5)} err  p50 ${ms(op.percentiles.p50)} ms  p99 ${ms(op.percentiles.p99)} ms`,
    );
  }
  if (ops.length > operationsShown) lines.push(`  … ${ops.length - operationsShown} more operations in load.json`);
  for (const p of r.mix.problems ?? []) lines.push(`load: ${mixProblemLine(p)}`);
  const v = r.validation;
  if (v.every > 0) {
    lines.push(`load: conformance under load: ${v.sampled} responses validated (every ${v.every}th), ${v.valid} valid, ${v.invalid} invalid`);
    for (const e of v.errors) lines.push(`  invalid ${e.operation} (${e.status}): ${e.message}`);
  }
  const g = r.generator;
  lines.push(
    `load: generator: event-loop lag p99 ${g.eventLoopLagMs.p99.toFixed(1)} ms, CPU ${(g.cpuCores * 100).toFixed(0)}% of a core — ` +
      (r.reliable ? 'not the bottleneck' : `UNRELIABLE: the generator was the bottleneck (${g.reasons.join('; ')})`),
  );
  for (const t of r.thresholds) lines.push(`load: threshold ${formatVerdict(t)}`);
  return lines;
}
