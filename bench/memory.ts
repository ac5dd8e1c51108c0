import { figure, runChild, type Figure } from './support.ts';

// Benchmark 5 (issue 8): peak RSS while generating and serialising 1,000,000 inquiries in a child process
// (dry run, no target; generators/inquiry-stream.ts pulls one at a time), against a child that only starts
// node and imports the generator.

const COUNT = 1_000_000;
const TARGET_MB = 200;

export async function benchMemory(): Promise<Figure[]> {
  const baseline = await runChild('memory-baseline');
  const run = await runChild('memory', [String(COUNT)]);
  const peak = Number(run.maxRssMb);
  return [
    figure({
      benchmark: 'memory',
      metric: `peak RSS streaming ${COUNT.toLocaleString('en')} inquiries`,
      value: peak,
      unit: 'MB',
      baseline: { name: 'node + tsx + generator imported', value: Number(baseline.maxRssMb) },
      target: `< ${TARGET_MB} MB`,
      pass: peak < TARGET_MB,
      note: `${Number(run.count)} inquiries, ${(Number(run.bytes) / 1e6).toFixed(0)} MB of JSON in ${(Number(run.ms) / 1000).toFixed(1)} s`,
    }),
  ];
}
