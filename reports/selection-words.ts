import type { RunResult } from './results.ts';

// What the run's rules were chosen by (--only, --exclude, --endpoint, --method; issue 29 item 8), in the words
// every report writes them with, in this order: one table, so the console, summary.md, report.html and junit.xml
// (its properties, by option name) agree.
const SELECTION_WORDS = [
  ['only', 'only'],
  ['exclude', 'excluding'],
  ['endpoint', 'endpoints'],
  ['method', 'methods'],
] as const;

/** Each selection the run was given, as [word, value, option]: `['endpoints', 'agencias-get', 'endpoint']`. */
export function selectionParts(options: RunResult['options']): [word: string, value: string, option: string][] {
  return SELECTION_WORDS.flatMap(([key, word]) => (options[key] ? [[word, options[key], key] as [string, string, string]] : []));
}
