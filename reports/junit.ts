import { failingExchange, type Exchange } from '../sut/evidence.ts';
import { replayCommand } from './replay-command.ts';
import type { RuleResult, RunResult } from './results.ts';
import { blockingFailures, deadlineNote } from './summary.ts';
import type { TransportFacts } from '../sut/transport-notes.ts';

// junit.xml, written from the run's results (issue 23 §1) rather than by vitest's JUnit reporter, so that it
// says what the exit code says: one <testsuite> per spec area in catalog order (as every other report), a
// failure a --baseline expects is <skipped> "expected by the baseline" (CI tools count it as known, not as a
// failure), every <skipped> carries its reason, a run cut by --max-duration carries an <error> testcase saying
// so, and a run whose target could not be reached (exit 3) has one <error> naming why. A failure's body is
// the message, the exchange that shows it and its curl line: never a stack trace into this tool.

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
  properties: [string, string][];
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

function ruleCase(r: RuleResult, result: RunResult, blocking: ReadonlySet<string>): Case {
  const base = {
    suite: r.area,
    name: `[${r.id}] ${r.statement}`,
    timeMs: r.durationMs,
    properties: [['rule', r.id], ['level', r.level], ['section', r.section], ...(r.endpoint ? [['endpoint', r.endpoint] as [string, string]] : [])] as [
      string,
      string,
    ][],
  };
  if (r.verdict === 'fail' && blocking.has(r.id))
    return { ...base, outcome: { tag: 'failure', type: r.level, message: r.message ?? 'failed', body: failureBody(r, result) } };
  if (r.verdict === 'fail') {
    const why = r.baseline === 'still-failing' ? `expected by the baseline ${result.baseline?.file ?? ''}` : `${r.level}: recorded, never a failure`;
    return { ...base, outcome: { tag: 'skipped', message: `${why}: ${r.message ?? 'failed'}` } };
  }
  if (r.verdict === 'skip') return { ...base, outcome: { tag: 'skipped', message: r.skipReason ?? 'skipped (no reason given)' } };
  return { ...base, ...(r.observation ? { out: `observed: ${r.observation}` } : {}) };
}

/** Testcases for what failed the run outside the rules: the target, the deadline, errors outside any check. */
function runCases(result: RunResult): Case[] {
  const error = (name: string, type: string, message: string): Case => ({
    suite: 'run',
    name,
    timeMs: 0,
    properties: [],
    outcome: { tag: 'error', type, message, body: message },
  });
  const deadline = deadlineNote(result);
  return [
    ...(result.error ? [error('the target answers (before any check)', result.error.code, result.error.message)] : []),
    ...(deadline ? [error('the run ends within its --max-duration', 'VMP_ERR_DEADLINE', deadline)] : []),
    ...result.unhandledErrors.map((e, i) => error(`error outside any check #${i + 1}`, 'VMP_ERR_UNHANDLED', e)),
  ];
}

function caseXml(c: Case): string {
  const props = c.properties.length
    ? `\n      <properties>${c.properties.map(([k, v]) => `\n        <property name="${xml(k)}" value="${xml(v)}"/>`).join('')}\n      </properties>`
    : '';
  const o = c.outcome;
  const outcome = !o
    ? ''
    : o.tag === 'skipped'
      ? `\n      <skipped message="${xml(o.message)}"/>`
      : `\n      <${o.tag} message="${xml(o.message)}" type="${xml(o.type)}">${xml(o.body)}</${o.tag}>`;
  const out = c.out ? `\n      <system-out>${xml(c.out)}</system-out>` : '';
  const inner = `${props}${outcome}${out}`;
  return `    <testcase classname="vmp-conformance.${xml(c.suite)}" name="${xml(c.name)}" time="${seconds(c.timeMs)}"${inner ? `>${inner}\n    </testcase>` : '/>'}`;
}

const count = (cases: readonly Case[], tag: string) => cases.filter((c) => c.outcome?.tag === tag).length;

function totals(cases: readonly Case[]): string {
  const time = cases.reduce((s, c) => s + c.timeMs, 0);
  return `tests="${cases.length}" failures="${count(cases, 'failure')}" errors="${count(cases, 'error')}" skipped="${count(cases, 'skipped')}" time="${seconds(time)}"`;
}

/**
 * How the run reached its target, as properties of every testsuite (CI tools show a suite's properties, few show
 * the root's): --insecure first, so a green suite never hides that the target's certificate went unverified.
 */
function transportProperties(t: TransportFacts | undefined): string {
  if (!t) return '';
  const entries: [string, string | undefined][] = [
    ['tls.insecure', t.insecure ? "true: the target's TLS certificate was NOT verified (--insecure)" : undefined],
    ['tls.ca', t.ca?.join(',')],
    ['tls.client-certificate', t.cert],
    ['proxy', t.proxy && `${t.proxy.url} (${t.proxy.source})`],
  ];
  const props = entries.filter((e): e is [string, string] => e[1] !== undefined);
  if (props.length === 0) return '';
  return `\n    <properties>${props.map(([k, v]) => `\n      <property name="${xml(k)}" value="${xml(v)}"/>`).join('')}\n    </properties>`;
}

export function junitXml(result: RunResult): string {
  const blocking = new Set(blockingFailures(result).map((r) => r.id));
  const cases = [...result.rules.map((r) => ruleCase(r, result, blocking)), ...runCases(result)];
  // Rules are in catalog order (reports/catalog-order.ts), so their areas are too; the run's own cases close the file.
  const suites = [...new Set(cases.map((c) => c.suite))];
  const properties = transportProperties(result.target.transport);
  const name = `vmp-conformance${result.interrupted ? ` (interrupted by ${result.interrupted.signal}: partial)` : ''}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" ${totals(cases)} timestamp="${xml(result.startedAt)}">`,
    ...suites.flatMap((suite) => {
      const own = cases.filter((c) => c.suite === suite);
      return [`  <testsuite name="${xml(suite)}" ${totals(own)} timestamp="${xml(result.startedAt)}">${properties}`, ...own.map(caseXml), '  </testsuite>'];
    }),
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}
