import { readJsonFile } from './json-file.ts';
import { MiB } from '../support/bounded-read.ts';
import { runResultSchema, type RuleResult, type RunResult } from '../reports/results.ts';
import { TargetClient, type TargetResponse } from '../sut/client.ts';
import { failingExchange, type Exchange } from '../sut/evidence.ts';
import type { AppName, Profile } from '../sut/profile.ts';
import { secretsOf } from '../sut/secrets.ts';
import { REDACTED } from '../sut/redact.ts';
import { UsageError } from '../support/errors.ts';
import type { Embedded } from './embedded.ts';
import type { TransportSettings } from '../sut/transport.ts';
import type { TransportFacts } from '../sut/transport-notes.ts';
import { responseLines } from '../reports/response-lines.ts';
import { rejudge } from './replay-judge.ts';

// `replay` below the CLI: re-sends a recorded failure's request (or its recorded command sequence) and judges
// by re-running the rule's own check with the recorded seed.

/** Evidence keeps credentials as <redacted>; these are looked up again by header name, primary app first. */
const APP_ORDER: readonly AppName[] = ['primary', 'other', 'empty'];

/** Hop-by-hop and per-response headers, left out when comparing the replayed response with the recording. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export class UnknownFailureError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_UNKNOWN_FAILURE');
  }
}

/** A results.json holds every rule's evidence, excerpts clipped: a few MiB for a full run; more is no results.json. */
const RESULTS_MAX_BYTES = 256 * MiB;

export async function readResults(file: string): Promise<RunResult> {
  return readJsonFile('--from', file, runResultSchema, {
    maxBytes: RESULTS_MAX_BYTES,
    unreadableHint: '; run `vmp-conformance run` first',
    invalid: (issue) => `not a vmp-conformance results.json (${issue.path.join('.')})`,
  });
}

/** The recorded failures `ids` name (failure ids or rule ids), in the order given, each once; unknown ids are exit 2, all named. */
export function findFailures(result: RunResult, ids: readonly string[], file: string): RuleResult[] {
  const failures = recordedFailures(result);
  const unknown = ids.filter((id) => !failures.some((r) => r.failureId === id || r.id === id));
  if (unknown.length > 0) {
    const known = failures.map((r) => `${r.failureId} (${r.id})`);
    const named = unknown.map((id) => `'${id}'`).join(', ');
    throw new UnknownFailureError(`no failure ${named} in ${file}${known.length ? `; its failures: ${known.join(', ')}` : ' (it records no failure)'}`);
  }
  const found = ids.map((id) => failures.find((r) => r.failureId === id || r.id === id)!);
  return [...new Set(found)];
}

/** Every failure a run recorded (`replay --failed`), in the order of its results. */
export const recordedFailures = (result: RunResult): RuleResult[] => result.rules.filter((r) => r.verdict === 'fail');

/** The recorded headers with every redacted credential filled in from the profile's apps, by header name. */
export function restoreCredentials(headers: Record<string, string>, profile: Profile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!value.includes(REDACTED)) {
      out[name] = value;
      continue;
    }
    const app = APP_ORDER.map((a) => profile.apps[a]).find((a) => a && Object.keys(a.headers).some((h) => h.toLowerCase() === name.toLowerCase()));
    const found = app && Object.entries(app.headers).find(([h]) => h.toLowerCase() === name.toLowerCase());
    if (!found) throw new UsageError(`the recorded request sends ${name}, but the profile's apps define no ${name} header to re-apply`);
    out[name] = found[1];
  }
  return out;
}

/** The recorded URL moved to the replay target: the part after the recorded base URL is kept. */
export function rebase(url: string, recordedBase: string): string {
  const base = recordedBase.replace(/\/+$/, '');
  if (url.startsWith(base)) return url.slice(base.length) || '/';
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

function headerChanges(recorded: Exchange, now: TargetResponse): string[] {
  const before = new Set(Object.keys(recorded.responseHeaders).filter((h) => !VOLATILE.has(h)));
  const after = new Set(Object.keys(now.headers).filter((h) => !VOLATILE.has(h)));
  return [...[...after].filter((h) => !before.has(h)).map((h) => `+${h}`), ...[...before].filter((h) => !after.has(h)).map((h) => `-${h}`)];
}

export interface ReplayTarget {
  baseUrl: string;
  profile: Profile;
  embedded?: Embedded;
  /** How to reach it (sut/transport.ts): given, or as the run recorded it. */
  transport?: TransportSettings;
}

/**
 * The transport settings a run recorded (results.json target.transport), to reach its target again as it did:
 * its files by path, and --proxy unless its URL carried credentials (recorded redacted: given again, or none).
 */
export function recordedTransport(facts: TransportFacts | undefined): TransportSettings {
  const proxy = facts?.proxy?.source === '--proxy' && !facts.proxy.url.includes(REDACTED) ? facts.proxy.url : undefined;
  return {
    ...(facts?.ca ? { ca: facts.ca } : {}),
    ...(facts?.insecure ? { insecure: true } : {}),
    ...(facts?.cert !== undefined ? { cert: facts.cert } : {}),
    ...(facts?.key !== undefined ? { key: facts.key } : {}),
    ...(proxy ? { proxy } : {}),
  };
}

/** Re-sends the recorded exchanges in order and shows how the target answers now: evidence, not the verdict. */
async function resend(result: RunResult, recorded: readonly Exchange[], target: ReplayTarget, timeoutMs: number, say: (line: string) => void): Promise<void> {
  const client = new TargetClient({
    baseUrl: target.baseUrl,
    profile: target.profile,
    timeoutMs,
    secrets: secretsOf(target.profile),
    ...(target.transport ? { transport: target.transport } : {}),
  });
  try {
    let last: TargetResponse | undefined;
    for (const [i, x] of recorded.entries()) {
      last = await client.send({
        app: null,
        method: x.method,
        path: rebase(x.url, result.target.baseUrl),
        headers: restoreCredentials(x.requestHeaders, target.profile),
        ...(x.requestBody !== undefined ? { body: x.requestBody } : {}),
      });
      const now = last.status ?? `no response (${last.error?.code})`;
      say(`  ${i + 1}/${recorded.length} ${x.method} ${last.exchange.url} → ${now} (recorded ${x.status ?? x.error ?? 'no response'})`);
    }
    say(`  ${last!.exchange.curl}`);
    say(`  the re-sent request ${comparison(recorded.at(-1)!, last!)}:`);
    for (const line of responseLines(last!)) say(line);
  } finally {
    await client.close();
  }
}

function comparison(recorded: Exchange, now: TargetResponse): string {
  if (now.status === undefined) return `got no response (${now.error?.code}: ${now.error?.message})`;
  if (now.status !== recorded.status) return `answers ${now.status} (recorded ${recorded.status ?? 'no response'})`;
  const changes = headerChanges(recorded, now);
  return `answers ${now.status}, as recorded${changes.length ? ` (response headers differ: ${changes.join(' ')})` : ''}`;
}

/** How a failure was recorded, seed first: what the re-run of its check draws its values from. */
function recordedLines(result: RunResult, failure: RuleResult): string[] {
  const p = failure.property;
  const property = p
    ? `; its property: seed ${p.seed}${p.path !== undefined ? `, path ${p.path}` : ''}${p.counterexample ? `, counterexample ${p.counterexample}` : ''}`
    : '';
  return [
    `recorded against ${result.target.baseUrl}: ${failure.message ?? 'failed'}`,
    `recorded with --seed ${result.seed} --runs ${result.options.runs}${property}`,
    ...(failure.commands?.length ? [`shrunk command sequence: ${failure.commands.join(' → ')}`] : []),
  ];
}

/**
 * Shows how the target answers each failure's recorded requests now, then the verdicts of their checks, re-run
 * together with the recorded seed: 0 every rule passes now, 1 one does not (or could not be judged).
 */
export async function replayFailures(
  result: RunResult,
  failures: readonly RuleResult[],
  target: ReplayTarget,
  timeoutMs: number,
  say: (line: string) => void,
): Promise<number> {
  for (const [i, failure] of failures.entries()) {
    const of = failures.length > 1 ? `[${i + 1}/${failures.length}] ` : '';
    say(`${of}replaying ${failure.failureId} — ${failure.id} [${failure.level}]: ${failure.statement}`);
    for (const line of recordedLines(result, failure)) say(line);
    const failing = failingExchange(failure.exchanges);
    const recorded = failure.commands?.length ? failure.exchanges : failing ? [failing] : [];
    if (recorded.length > 0) await resend(result, recorded, target, timeoutMs, say);
    else say('  (the failure recorded no request to re-send)');
  }
  const verdicts = await rejudge(result, failures, target, timeoutMs, say);
  return verdicts.every((v) => v === 'pass') ? 0 : 1;
}
