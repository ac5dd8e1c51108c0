import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchCapture } from './capture.ts';
import { benchConformance } from './conformance.ts';
import { benchLoadOverhead } from './load-overhead.ts';
import { benchMemory } from './memory.ts';
import { benchReference } from './reference.ts';
import { median, type Figure } from './support.ts';

// `npm run bench` (issue 8; never part of `npm test`): runs each benchmark in turn, writes bench/results.json
// and bench/results.md, and prints the Markdown table. Every figure is a ratio against a baseline measured in
// this same run, so a busy machine shifts both sides alike. Benchmarks run one after another so they do not
// compete for the CPU; `npm run bench -- capture memory` runs only the named ones.

const BENCHMARKS: Record<string, () => Promise<Figure[]>> = {
  conformance: benchConformance,
  'load-overhead': benchLoadOverhead,
  capture: benchCapture,
  reference: benchReference,
  memory: benchMemory,
};

const verdict = (f: Figure) => (f.pass === null ? '—' : f.pass ? 'PASS' : 'MISS');
const cell = (s: string) => s.replace(/\|/g, '\\|');
/** A repeated figure shows its worst repetition and its median. */
const ratioCell = (f: Figure) =>
  f.repetitions ? `${f.worst ?? 'min'} ${f.ratio.toFixed(3)}, median ${median(f.repetitions).toFixed(3)} (${f.repetitions.length} runs)` : f.ratio.toFixed(3);

function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) =>
    [
      f.benchmark,
      f.metric,
      `${f.value.toLocaleString('en')} ${f.unit}`,
      `${f.baseline.name}: ${f.baseline.value.toLocaleString('en')}`,
      ratioCell(f),
      f.target,
      verdict(f),
      f.note ?? '',
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    '| benchmark | metric | value | baseline (same run) | ratio | target | verdict | note |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in BENCHMARKS));
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown benchmark(s) ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}\n`);
  process.exit(2);
}
const started = performance.now();
const loadBefore = loadavg()[0]!;
const figures: Figure[] = [];
const failures: { benchmark: string; error: string }[] = [];
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  process.stderr.write(`bench: ${name}…\n`);
  const t = performance.now();
  try {
    figures.push(...(await run()));
  } catch (error) {
    failures.push({ benchmark: name, error: error instanceof Error ? error.message : String(error) });
    process.stderr.write(`bench: ${name} failed: ${String(error)}\n`);
  }
  process.stderr.write(`bench: ${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
}
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAvg1mBefore: loadBefore,
  loadAvg1mAfter: loadavg()[0]!,
};
const totalSec = (performance.now() - started) / 1000;
const results = { startedAt: new Date(Date.now() - totalSec * 1000).toISOString(), totalSec, machine, figures, failures };
const header = `Machine: ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}; 1-min load average ${loadBefore.toFixed(2)} before, ${machine.loadAvg1mAfter.toFixed(2)} after; bench took ${totalSec.toFixed(0)} s.`;
const markdown = `${header}\n\n${table(figures)}\n${failures.map((f) => `\n- ${f.benchmark} did not finish: ${f.error}`).join('')}\n`;
await writeFile(fileURLToPath(new URL('./results.json', import.meta.url)), `${JSON.stringify(results, null, 2)}\n`);
await writeFile(fileURLToPath(new URL('./results.md', import.meta.url)), markdown);
process.stdout.write(markdown);
process.exitCode = failures.length > 0 ? 1 : 0;
