import { mkdtemp, rm } from 'node:fs/promises';
import { readJsonFile } from './json-file.ts';
import { MiB } from '../support/bounded-read.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

export function findFailure(result: RunResult, id: string, file: string): RuleResult {
  const failure = result.rules.find((r) => r.verdict === 'fail' && (r.failureId === id || r.id === id));
  if (!failure) {
    const ids = result.rules.flatMap((r) => (r.failureId ? [`${r.failureId} (${r.id})`] : []));
    throw new UnknownFailureError(`no failure '${id}' in ${file}${ids.length ? `; its failures: ${ids.join(', ')}` : ' (it records no failure)'}`);
  }
  return failure;
}

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
    say(`  the re-sent request ${comparison(recorded.at(-1)!, last!)}`);
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

/**
 * The verdict: the rule's own check, re-run alone with the recorded seed and runs, so its judgement — status,
 * body, headers, follow-up reads — decides, and a property draws the same values. Reports go to a scratch
 * directory: the results.json being replayed is left as it is.
 */
async function rejudge(result: RunResult, failure: RuleResult, target: ReplayTarget, timeoutMs: number, say: (line: string) => void): Promise<number> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'vmp-replay-'));
  try {
    const [{ runAgainst }, { suiteFileOf }] = await Promise.all([import('./run-suites.ts'), import('./suite-session.ts')]);
    const { result: now } = await runAgainst({
      baseUrl: target.baseUrl,
      profile: target.profile,
      embedded: target.embedded !== undefined,
      seed: result.seed,
      numRuns: result.options.runs,
      timeoutMs,
      readOnly: result.options.readOnly,
      ...(target.transport ? { transport: target.transport } : {}),
      only: failure.id,
      // The rule's own suite file alone: loading every file is most of a one-rule run.
      ...(failure.suite ? { files: [suiteFileOf(failure.suite)] } : {}),
      reportDir: scratch,
      out: () => undefined,
    });
    const loading = failure.suite ? `, loading suites/${failure.suite} only` : '';
    say(`judged by re-running the check of ${failure.id} (run --only ${failure.id} --seed ${result.seed} --runs ${result.options.runs}${loading}):`);
    const verdict = now.rules.find((r) => r.id === failure.id);
    if (verdict?.verdict === 'pass') {
      say('now passes: the failure does not reproduce');
      return 0;
    }
    if (verdict?.verdict === 'fail') {
      say(`still fails: ${verdict.message ?? 'failed'}`);
      return 1;
    }
    say(`not judged: the check did not run there (${verdict?.skipReason ?? 'no result'}); nothing shows the failure fixed`);
    return 1;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Shows how the target answers the recorded requests now, then the verdict: 0 the rule passes now, 1 it does not. */
export async function replayFailure(
  result: RunResult,
  failure: RuleResult,
  target: ReplayTarget,
  timeoutMs: number,
  say: (line: string) => void,
): Promise<number> {
  const failing = failingExchange(failure.exchanges);
  const recorded = failure.commands?.length ? failure.exchanges : failing ? [failing] : [];
  if (recorded.length > 0) await resend(result, recorded, target, timeoutMs, say);
  else say('  (the failure recorded no request to re-send)');
  return rejudge(result, failure, target, timeoutMs, say);
}
