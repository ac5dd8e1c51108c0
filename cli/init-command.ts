import { stat } from 'node:fs/promises';
import { inferredText, unverifiedParts } from '../reports/inferred.ts';
import { HEADER_NAME, parseDraftProfile, ProfileError, redact, secretsOf, type DraftProfile } from '../api/profile.ts';
import { draftFile, replaceStrings, writeDraftProfile } from '../api/init.ts';
import { checkTarget, inferTarget } from '../api/infer-target.ts';
import { Interrupt } from './interrupt.ts';
import { runDeadline } from '../api/run-deadline.ts';
import { DEFAULT_TIMEOUT_MS } from '../api/run.ts';
import { UsageError } from '../support/errors.ts';
import { CAPTURE_OPTIONS, CAPTURE_USAGE, captureFlags, checkListenable } from './capture-flags.ts';
import { hooksFlag, integerFlag, outputFileFlag, parseFlags, todayFlag } from './flags.ts';
import { HOOKS_OPTIONS, HOOKS_USAGE, hooksFlags } from './hooks-flags.ts';
import { verifyHooks } from '../api/verify-hooks.ts';
import type { AdapterHooks } from '../api/profile.ts';
import { baseUrlFlag } from './run-command.ts';
import { takeInitLease } from '../api/restore.ts';
import { PACING_OPTIONS, PACING_USAGE, pacingArgs, pacingOf } from './pacing-flags.ts';
import { TRANSPORT_OPTIONS, TRANSPORT_USAGE, transportArgs, transportFlags } from './transport-flags.ts';
import { transportFacts, transportLines } from '../api/transport.ts';

// `vmp-conformance init` (issue 14): from a base URL and each app's credentials, a draft target profile. Every key
// the target shows is inferred (sut/infer/), with how in `$comment`; every key it does not show is left out,
// with a one-line hint there on how to find it. Credentials given as `${ENV}` stay references in the file. What the
// probing changes on the target is put back before the file is written. Exit 0, 2 bad usage, 3 no connection or
// credentials refused.

export const DEFAULT_OUT = 'vmp-profile.json';
/** Probing the reference server takes about 2 s; a slow or hanging target is cut off here (its keys get hints). */
export const DEFAULT_MAX_DURATION_SEC = 120;

const OPTIONS = {
  'base-url': { type: 'string' },
  header: { type: 'string', multiple: true },
  'other-header': { type: 'string', multiple: true },
  'empty-header': { type: 'string', multiple: true },
  query: { type: 'string', multiple: true },
  'other-query': { type: 'string', multiple: true },
  'empty-query': { type: 'string', multiple: true },
  'webhook-secret': { type: 'string' },
  hooks: { type: 'string' },
  today: { type: 'string' },
  out: { type: 'string', default: DEFAULT_OUT },
  force: { type: 'boolean', default: false },
  'read-only': { type: 'boolean', default: false },
  'timeout-ms': { type: 'string', default: String(DEFAULT_TIMEOUT_MS) },
  'max-duration': { type: 'string', default: String(DEFAULT_MAX_DURATION_SEC) },
  ...HOOKS_OPTIONS,
  ...CAPTURE_OPTIONS,
  ...TRANSPORT_OPTIONS,
  ...PACING_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const USAGE = [
  "Usage: vmp-conformance init --base-url URL --header 'Name: value' --other-header 'Name: value' [--empty-header 'Name: value']",
  '                            [--query name=value] [--other-query name=value] [--empty-query name=value] [--webhook-secret SECRET]',
  `                            [--hooks PATH | --hooks-command ARGV | --hooks-http JSON] [--today YYYY-MM-DD] [--out FILE [--force]] [--read-only]`,
  '                            [--timeout-ms N] [--max-duration S] [--rate-limit N/s] [--concurrency N]',
  "Probes the target with each app's credentials (headers, query parameters, or both; each flag may repeat; values may be",
  // biome-ignore lint/style/useTemplate: `${ENV}` is the profile's own syntax, printed as it is
  '${ENV} references, which stay references in the file) and writes a draft profile (default ' + DEFAULT_OUT + '): every value it',
  'could infer, with how in $comment, and a hint there for every value it could not; readable by its owner only (0600), and',
  'never over an existing file (a profile edited by hand) unless --force. --webhook-secret is the signing secret',
  "deliveries are verified with, to tell the scheme and the upsert member that takes it. --hooks is the base of the target's",
  "simulation hooks where init does not find it (written as simulationHooks); --today the target's date where it is fixed",
  '(written as today). A value no probe could verify is marked UNVERIFIED, in $comment and here; $inferred records what was',
  'inferred, so that run names it when a check that read it fails. --read-only changes nothing (fewer values are inferred). Whatever the',
  'probing changes (webhook configurations, an invited agency of its own) is put back, also on Ctrl-C. --max-duration',
  `bounds the probing in seconds (default ${DEFAULT_MAX_DURATION_SEC}): what is not told by then is left to fill in.`,
  ...HOOKS_USAGE,
  ...CAPTURE_USAGE,
  ...TRANSPORT_USAGE,
  ...PACING_USAGE,
  'Exit codes: 0 written, 2 bad usage, 3 no connection to the target or credentials rejected.',
];

type Apps = DraftProfile['apps'];
type AppName = keyof Apps;

/** `Name: value` → [name, value]; a bad one names its flag. */
function headerPair(flag: string, value: string): [string, string] {
  const colon = value.indexOf(':');
  const name = colon < 0 ? '' : value.slice(0, colon).trim();
  if (!HEADER_NAME.test(name)) throw new UsageError(`--${flag} must be 'Name: value' with an HTTP header name, got '${value.slice(0, 40)}'`);
  return [name, value.slice(colon + 1).trim()];
}

/** `name=value` → [name, value]. */
function queryPair(flag: string, value: string): [string, string] {
  const eq = value.indexOf('=');
  if (eq < 1) throw new UsageError(`--${flag} must be name=value, got '${value.slice(0, 40)}'`);
  return [value.slice(0, eq), value.slice(eq + 1)];
}

/** The apps as the flags give them, values as written (`${ENV}` kept). */
function appsOf(v: Record<string, unknown>): Apps {
  const app = (name: AppName, prefix: string) => {
    const headers = Object.fromEntries(((v[`${prefix}header`] as string[] | undefined) ?? []).map((h) => headerPair(`${prefix}header`, h)));
    const query = Object.fromEntries(((v[`${prefix}query`] as string[] | undefined) ?? []).map((q) => queryPair(`${prefix}query`, q)));
    if (Object.keys(headers).length + Object.keys(query).length === 0) return undefined;
    return { [name]: { ...(Object.keys(headers).length ? { headers } : {}), ...(Object.keys(query).length ? { query } : {}) } };
  };
  const [primary, other, empty] = [app('primary', ''), app('other', 'other-'), app('empty', 'empty-')];
  if (!primary) throw new UsageError('init needs the credentials of the primary app: --header and/or --query');
  if (!other) throw new UsageError('init needs the credentials of a second app, for the scoping checks: --other-header and/or --other-query');
  return { ...primary, ...other, ...(empty ?? {}) } as unknown as Apps;
}

export async function initCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values: v } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  if (v.help) {
    for (const line of USAGE) out(line);
    return 0;
  }
  if (v['base-url'] === undefined) throw new UsageError('init needs --base-url (the target)');
  const baseUrl = baseUrlFlag(v['base-url']);
  const apps = appsOf(v);
  const file = await outputFileFlag('out', v.out);
  if (!v.force && (await stat(file).catch(() => undefined)))
    throw new UsageError(`--out ${file} exists: init does not replace a file (pass --force to replace it, or choose another --out)`);
  const timeoutMs = integerFlag('timeout-ms', v['timeout-ms'], 100, 600_000);
  const deadline = runDeadline(Date.now(), integerFlag('max-duration', v['max-duration'], 1, 86_400));
  const capture = captureFlags(v);
  await checkListenable(capture);
  const transport = { ...transportFlags(v), ...pacingOf(v, baseUrl) };
  const written = v['webhook-secret'];
  const hooksTimeout = v['hooks-timeout-ms'] === undefined ? undefined : integerFlag('hooks-timeout-ms', v['hooks-timeout-ms'], 100, 60_000);
  const own = hooksFlags(v, hooksTimeout);
  if (own && v.hooks !== undefined) throw new UsageError(`--hooks names this tool's hook contract, ${own.flag} the target's own: give one`);
  let draft: DraftProfile;
  let webhookSecret: string | undefined;
  try {
    // The secret rides on a signature-only webhooks block to be resolved (and redacted) like every ${ENV} value.
    draft = parseDraftProfile({
      apps,
      ...(v.hooks !== undefined ? { simulationHooks: hooksFlag(v.hooks) } : {}),
      ...(own ? { simulationHooks: own.hooks } : {}),
      ...(v.today !== undefined ? { today: todayFlag(v.today) } : {}),
      ...(written !== undefined ? { webhooks: { signature: { secret: written } } } : {}),
    });
    webhookSecret = draft.webhooks?.signature?.secret;
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`init: ${error.message.replace(/^profile field webhooks\.signature\.secret/, '--webhook-secret')}`);
    throw error;
  }
  const secrets = secretsOf(draft);
  const say = (line: string) => out(redact(line, secrets));
  // The secret rides apart (inference tells its scheme); what else the flags gave is known from the start.
  const { webhooks: _secret, ...given } = draft;
  for (const line of transportLines(transportFacts(transport, baseUrl))) say(`init: ${line}`);
  await checkTarget({ baseUrl, draft: given, timeoutMs, deadline, transport });
  const runId = `init${Date.now().toString(36)}`;
  // One writer per target, and what an unfinished run left put back first (issue 27, items 1–2).
  const lease = v['read-only']
    ? undefined
    : await takeInitLease({ baseUrl, draft: given, secrets, runId, timeoutMs, transport, out: (l) => say(`init: ${l.replace(/^\w+: /, '')}`) });
  // The target's own hooks are tried before anything else is probed: inference completes an invitation with them.
  const verified = own
    ? await verifyHooks({ baseUrl, draft: given, hooks: given.simulationHooks as AdapterHooks, timeoutMs, deadline, transport, runId, flag: own.flag })
    : undefined;
  if (verified) say(`init: simulationHooks ${verified.how}`);
  const interrupt = new Interrupt('init', say);
  try {
    const inference = await inferTarget({
      baseUrl,
      draft: given,
      timeoutMs,
      deadline,
      transport,
      readOnly: v['read-only'],
      capture,
      ...(webhookSecret !== undefined ? { webhookSecret } : {}),
      runId,
      signal: interrupt.signal,
      track: (outstanding) => interrupt.track(outstanding),
      progress: (name) => say(`init: inferring ${name} …`),
      saved: { command: 'init', say },
    });
    for (const line of inference.restored) say(`init: restored ${line}`);
    for (const line of inference.notRestored) say(`init: NOT restored ${line}`);
    if (interrupt.which) return interrupt.exitCode;
    for (const f of inference.found) {
      say(`init: ${inferredText(f)}`);
      for (const line of unverifiedParts(f)) say(`init:   ${line}`);
    }
    for (const h of inference.hints) say(`init: not inferred ${h.key}: ${h.hint}`);
    let profile = draftFile({ baseUrl, out: file, apps, known: inference.known, found: inference.found, hints: inference.hints, secrets });
    if (written !== undefined && webhookSecret !== undefined && written !== webhookSecret)
      profile = replaceStrings(profile, webhookSecret, written) as Record<string, unknown>;
    if (own && verified) profile = withOwnHooks(profile, own.hooks, verified);
    await writeDraftProfile(file, profile);
    say(
      `init: wrote ${file} (${inference.found.length} values inferred, ${inference.hints.length} left to fill in); next: vmp-conformance run --base-url ${baseUrl} --profile ${file}${transportArgs(transport)}${pacingArgs(transport)}`,
    );
    return inference.notRestored.length > 0 ? 1 : 0;
  } finally {
    interrupt.dispose();
    lease?.release();
  }
}

/** The file with the target's own hooks as the flags wrote them (`${ENV}` kept), a command's output as the probe read it. */
function withOwnHooks(profile: Record<string, unknown>, hooks: AdapterHooks, verified: { prints?: 'sid' | 'location'; how: string }): Record<string, unknown> {
  const inquiry = 'command' in hooks.inquiry && verified.prints ? { command: { ...hooks.inquiry.command, prints: verified.prints } } : hooks.inquiry;
  const comments = { ...(profile.$comment as Record<string, string>), simulationHooks: verified.how };
  return { ...profile, $comment: comments, simulationHooks: { ...hooks, inquiry } };
}
