import { figure, median, runChild, type Figure } from './support.ts';

// Benchmark 5 (issue 8): peak RSS while generating and serialising 1,000,000 inquiries in a child process
// (dry run, no target; generators/inquiry-stream.ts pulls one at a time), against a child that only starts
// node and imports the generator. A baseline child and a streaming child alternate, three pairs: a child's
// peak RSS varies by several MB with when V8 happened to collect while modules loaded, on either side.

const COUNT = 1_000_000;
const TARGET_RATIO = 1.1;
const PAIRS = 3;

export async function benchMemory(): Promise<Figure[]> {
  const pairs: { baseline: number; peak: number; run: Record<string, unknown> }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const baseline = Number((await runChild('memory-baseline')).maxRssMb);
    const run = await runChild('memory', [String(COUNT)]);
    pairs.push({ baseline, peak: Number(run.maxRssMb), run });
  }
  const ratios = pairs.map((p) => p.peak / p.baseline);
  const last = pairs.at(-1)!.run;
  return [
    figure({
      benchmark: 'memory',
      metric: `peak RSS streaming ${COUNT.toLocaleString('en')} inquiries`,
      value: median(pairs.map((p) => p.peak)),
      unit: 'MB (median)',
      baseline: { name: 'node + tsx + generator imported (median)', value: median(pairs.map((p) => p.baseline)) },
      target: `median ratio ≤ ${TARGET_RATIO} (${PAIRS} pairs)`,
      pass: median(ratios) <= TARGET_RATIO,
      repetitions: ratios,
      worst: 'max',
      note: `pairs (baseline → streaming, MB): ${pairs.map((p) => `${p.baseline.toFixed(0)} → ${p.peak.toFixed(0)}`).join(', ')}; ${Number(last.count)} inquiries, ${(Number(last.bytes) / 1e6).toFixed(0)} MB of JSON in ${(Number(last.ms) / 1000).toFixed(1)} s (last run)`,
    }),
  ];
}
