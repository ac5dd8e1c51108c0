import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { recorded } from './state.js';
import { scenario, vu } from './execution.js';

// The scenario loop of the shim, in a worker thread: the script's init context once (globals __ENV and open(),
// relative to the script), then `iterations` iterations of its default function by one VU, numbered as k6 numbers
// them, then the thresholds of its options judged on the metrics recorded — exit 99 when one is broken, as k6.

const { script, env, iterations } = workerData;

globalThis.__ENV = { ...env };
globalThis.__VU = 0;
globalThis.__ITER = 0;
globalThis.open = (/** @type {string} */ file) => readFileSync(path.resolve(path.dirname(script), file), 'utf8');
console.warn = (...args) => recorded.warnings.push(args.join(' '));

/**
 * k6's aggregations of a metric's values: a counter's count and rate (per second of the test), a rate metric's
 * share of non-zero values, a trend's percentiles.
 */
function aggregate(metric, name, seconds) {
  const values = metric?.values ?? [];
  const count = values.reduce((a, b) => a + b, 0);
  if (name === 'count') return count;
  if (name === 'rate') return metric?.type === 'counter' ? count / seconds : values.length === 0 ? 0 : values.filter((v) => v !== 0).length / values.length;
  const sorted = [...values].sort((a, b) => a - b);
  const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(name);
  if (p) return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((Number(p[1]) / 100) * sorted.length) - 1)];
  throw new Error(`shim: aggregation '${name}' is not known`);
}

const COMPARE = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

function judge(thresholds, seconds) {
  const verdicts = [];
  for (const [metric, expressions] of Object.entries(thresholds ?? {})) {
    for (const expression of expressions) {
      const m = /^\s*(count|rate|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
      if (!m) throw new Error(`shim: threshold '${expression}' on ${metric} is not one k6 reads`);
      const actual = aggregate(recorded.metrics[metric], m[1], seconds);
      verdicts.push({ metric, expression, actual, ok: COMPARE[m[2]](actual, Number(m[3])) });
    }
  }
  return verdicts;
}

try {
  const module = await import(pathToFileURL(script).href);
  globalThis.__shimOptions = module.options;
  globalThis.__VU = 1;
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    scenario.iterationInTest = scenario.iterationInInstance = vu.iterationInScenario = vu.iterationInInstance = i;
    globalThis.__ITER = i;
    module.default();
  }
  const thresholds = judge(module.options?.thresholds, Math.max((performance.now() - started) / 1000, 1e-3));
  parentPort.postMessage({ type: 'done', recorded, options: module.options, thresholds, exitCode: thresholds.every((t) => t.ok) ? 0 : 99 });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error), recorded });
}
