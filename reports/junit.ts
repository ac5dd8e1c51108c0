import { failingExchange, type Exchange } from '../sut/evidence.ts';
import { replayCommand } from './replay-command.ts';
import type { RuleResult, RunResult } from './results.ts';
import { infrastructureLines } from './infrastructure-cause.ts';
import { selectionParts } from './selection-words.ts';
import { blockingFailures, deadlineNote, TARGET_EXIT_CODE, USAGE_EXIT_CODE } from './summary.ts';
import type { TransportFacts } from '../sut/transport-notes.ts';

// junit.xml, written from the run's results (issue 23 §1) rather than by vitest's JUnit reporter, so that it
// says what the exit code says: one <testsuite> per spec area in catalog order (as every other report), a
// failure a --baseline expects is <skipped> "expected by the baseline" (CI tools count it as known, not as a
// failure), every <skipped> carries its reason, a run cut by --max-duration carries an <error> testcase saying
// so, and a run whose target could not be reached (exit 3) or whose command line was wrong (exit 2) has one
// <error> naming why. A failure's body is the message, the exchange that shows it and its curl line: never a
// stack trace into this tool.
//
// The shape is the strict one (issue 29 §6; the schema Jenkins' xUnit plugin validates with, encoded in
// test/reports/junit-strict.xsd): <testsuites> carries only name, tests, failures, errors and time; properties
// (the run's seed, target, tool) sit on each <testsuite>, never in a <testcase>, whose rule id, level and section
// are its name, classname and the first lines of its <system-out>. Times add up: <testsuites time> is the run's
// wall time, a <testsuite>'s the time some check of its area was running (checks of a file run several at a
// time, so the durations of their testcases add up to more).

/** XML 1.0 forbids most control characters even escaped: a target's bytes are shown as \xNN instead. */
const xml = (value: unknown): string =>
  String(value)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface Case {
  suite: string;
  name: string;
  timeMs: number;
  /** Epoch ms the check started, when known: a suite's time is the union of its cases' intervals. */
  startedAtMs?: number;
  outcome?: { tag: 'failure' | 'error'; type: string; message: string; body: string } | { tag: 'skipped'; message: string };
  out?: string;
}

function exchangeText(x: Exchange): string {
  const answer = x.status !== undefined ? String(x.status) : 'no response';
  return [`${x.method} ${x.url} → ${answer}${x.error ? ` (${x.error})` : ''}`, x.curl, ...(x.bodyExcerpt ? [`response body: ${x.bodyExcerpt}`] : [])].join(
    '\n',
  );
}

function failureBody(r: RuleResult, result: RunResult): string {
  const last = failingExchange(r.exchanges);
  return [
    r.message ?? 'failed',
    `rule: ${r.id} [${r.level}, ${r.section}] ${r.statement}`,
    ...(last ? ['', exchangeText(last)] : []),
    ...(r.deliveries?.length
      ? [
          '',
          `webhook deliveries judged (${r.deliveries.length}):`,
          ...r.deliveries.map((d) => `${d.receivedAt} POST ${d.callback}: ${d.bodyExcerpt.slice(0, 300)}`),
        ]
      : []),
    ...(r.failureId ? ['', `replay: ${replayCommand(result, r.failureId)}`] : []),
  ].join('\n');
}

/** What a lenient reader took from a testcase's properties before (issue 29 §6): the first lines of its system-out. */
const ruleLines = (r: RuleResult): string[] => [
  `rule: ${r.id}`,
  `level: ${r.level}`,
  `section: ${r.section}`,
  ...(r.endpoint ? [`endpoint: ${r.endpoint}`] : []),
];

function ruleCase(r: RuleResult, result: RunResult, blocking: ReadonlySet<string>): Case {
  const base = {
    suite: r.area,
    name: `[${r.id}] ${r.statement}`,
    timeMs: r.durationMs,
    ...(r.startedAtMs !== undefined ? { startedAtMs: r.startedAtMs } : {}),
    out: [...ruleLines(r), ...(r.observation ? [`observed: ${r.observation}`] : [])].join('\n'),
  };
  if (r.verdict === 'fail' && blocking.has(r.id))
    return { ...base, outcome: { tag: 'failure', type: r.level, message: r.message ?? 'failed', body: failureBody(r, result) } };
  if (r.verdict === 'fail') {
    const why = r.baseline === 'still-failing' ? `expected by the baseline ${result.baseline?.file ?? ''}` : `${r.level}: recorded, never a failure`;
    return { ...base, outcome: { tag: 'skipped', message: `${why}: ${r.message ?? 'failed'}` } };
  }
  if (r.verdict === 'skip') return { ...base, outcome: { tag: 'skipped', message: r.skipReason ?? 'skipped (no reason given)' } };
  return base;
}

/** The testcase an error before any check stands for: a usage error (exit 2) or a target that cannot be used (exit 3). */
const beforeChecks = (result: RunResult): string =>
  result.exitCode === USAGE_EXIT_CODE ? 'the command line and the profile are valid (before any check)' : 'the target answers (before any check)';

/** Testcases for what failed the run outside the rules: the usage or the target, the deadline, errors outside any check. */
function runCases(result: RunResult): Case[] {
  const error = (name: string, type: string, message: string): Case => ({
    suite: 'run',
    name,
    timeMs: 0,
    outcome: { tag: 'error', type, message, body: message },
  });
  const deadline = deadlineNote(result);
  return [
    ...(result.error ? [error(beforeChecks(result), result.error.code, result.error.message)] : []),
    ...(deadline ? [error('the run ends within its --max-duration', 'VMP_ERR_DEADLINE', deadline)] : []),
    // A run the network left with nothing judged (exit 3 after the checks): the cause, as the console leads with it.
    ...(!result.error && result.exitCode === TARGET_EXIT_CODE && result.infrastructure?.cause
      ? [error('the network lets the run judge the target', 'VMP_ERR_INFRASTRUCTURE', infrastructureLines(result.infrastructure)[0]!)]
      : []),
    ...result.unhandledErrors.map((e, i) => error(`error outside any check #${i + 1}`, 'VMP_ERR_UNHANDLED', e)),
  ];
}

function caseXml(c: Case): string {
  const o = c.outcome;
  const outcome = !o
    ? ''
    : o.tag === 'skipped'
      ? `\n      <skipped message="${xml(o.message)}"/>`
      : `\n      <${o.tag} message="${xml(o.message)}" type="${xml(o.type)}">${xml(o.body)}</${o.tag}>`;
  const out = c.out ? `\n      <system-out>${xml(c.out)}</system-out>` : '';
  const inner = `${outcome}${out}`;
  return `    <testcase classname="vmp-conformance.${xml(c.suite)}" name="${xml(c.name)}" time="${seconds(c.timeMs)}"${inner ? `>${inner}\n    </testcase>` : '/>'}`;
}

const count = (cases: readonly Case[], tag: string) => cases.filter((c) => c.outcome?.tag === tag).length;

/**
 * The wall time some case of `cases` was running: the union of their intervals, so that checks run at the same
 * time count once. Cases without a start (the run's own, results from before startedAtMs) add their duration.
 */
export function wallTimeMs(cases: readonly Pick<Case, 'timeMs' | 'startedAtMs'>[]): number {
  const spans = cases
    .filter((c) => c.startedAtMs !== undefined)
    .map((c) => [c.startedAtMs!, c.startedAtMs! + c.timeMs] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = cases.filter((c) => c.startedAtMs === undefined).reduce((s, c) => s + c.timeMs, 0);
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    if (to > end) total += to - Math.max(from, end);
    end = Math.max(end, to);
  }
  return total;
}

const counts = (cases: readonly Case[]) => `tests="${cases.length}" failures="${count(cases, 'failure')}" errors="${count(cases, 'error')}"`;

/** The run's facts every suite carries as properties (the strict schema allows them on a testsuite only). */
function runProperties(result: RunResult): string {
  // A run refused for its usage (exit 2) read no seed nor target.
  const ran = result.exitCode !== USAGE_EXIT_CODE;
  const props: [string, string][] = [
    ...transportProperties(result.target.transport),
    ...(ran ? [['seed', String(result.seed)] as [string, string], ['target', result.target.baseUrl] as [string, string]] : []),
    ['tool', `${result.tool.name} ${result.tool.version}`],
    ...(result.target.profileFile ? [['profile', result.target.profileFile] as [string, string]] : []),
    ...selectionParts(result.options).map(([, value, option]) => [option, value] as [string, string]),
    ...(result.baseline ? [['baseline', result.baseline.file] as [string, string]] : []),
  ];
  return `    <properties>${props.map(([k, v]) => `\n      <property name="${xml(k)}" value="${xml(v)}"/>`).join('')}\n    </properties>`;
}

/** How the run reached its target: --insecure first, so a green suite never hides that its certificate went unverified. */
function transportProperties(t: TransportFacts | undefined): [string, string][] {
  const entries: [string, string | undefined][] = [
    ['tls.insecure', t?.insecure ? "true: the target's TLS certificate was NOT verified (--insecure)" : undefined],
    ['tls.ca', t?.ca?.join(',')],
    ['tls.client-certificate', t?.cert],
    ['proxy', t?.proxy && `${t.proxy.url} (${t.proxy.source})`],
  ];
  return entries.filter((e): e is [string, string] => e[1] !== undefined);
}

export function junitXml(result: RunResult): string {
  const blocking = new Set(blockingFailures(result).map((r) => r.id));
  const cases = [...result.rules.map((r) => ruleCase(r, result, blocking)), ...runCases(result)];
  // Rules are in catalog order (reports/catalog-order.ts), so their areas are too; the run's own cases close the file.
  const suites = [...new Set(cases.map((c) => c.suite))];
  const name = `vmp-conformance${result.interrupted ? ` (interrupted by ${result.interrupted.signal}: partial)` : ''}`;
  const properties = runProperties(result);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" ${counts(cases)} time="${seconds(result.durationMs)}">`,
    ...suites.flatMap((suite) => {
      const own = cases.filter((c) => c.suite === suite);
      const attributes = `${counts(own)} skipped="${count(own, 'skipped')}" time="${seconds(wallTimeMs(own))}" timestamp="${xml(result.startedAt)}"`;
      return [`  <testsuite name="${xml(suite)}" ${attributes}>`, properties, ...own.map(caseXml), '  </testsuite>'];
    }),
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}
