import { UsageError } from '../support/errors.ts';
import { onTerminatingSignal } from '../support/signals.ts';
import { hostFlag, listenError, outputFileFlag, parseFlags } from './flags.ts';
import { loadProfile, ProfileError, type Profile } from '../api/profile.ts';
import { DEFAULT_BODY_LIMIT, deliveryInfo, startCaptureServer, type CaptureServer, type Delivery, type UnrecordedRequest } from '../api/capture.ts';

// `vmp-conformance capture`: the capture server on the command line, logging one line per delivery until
// Ctrl-C or SIGTERM. Every delivery is in the JSONL file before the target sees its 2xx.

type Out = (line: string) => void;

export interface CaptureArgs {
  port: number;
  host: string;
  out: string;
  failRate: number;
  delayMs: number;
  status?: 410 | 429;
  profile?: string;
  bodyLimitBytes: number;
  seed: number;
}

export const CAPTURE_USAGE =
  'usage: vmp-conformance capture [--port N] [--host ADDR] [--out FILE] [--fail-rate X] [--delay-ms N] [--status 410|429] [--profile FILE] [--body-limit BYTES] [--seed N]';

export const CAPTURE_HELP = [
  CAPTURE_USAGE.replace(/^usage/, 'Usage'),
  'A webhook capture server, like `stripe listen`: records every POST (to any path) in the JSONL file --out (default',
  'captures.jsonl) before answering it, one console line per delivery, until Ctrl-C. --port (default 0: a free one), --host',
  '(default 127.0.0.1); --body-limit (default 1 MiB) answers larger deliveries 413; --fail-rate, --delay-ms and --status',
  'inject faults to watch a sender retry; --profile checks signatures and reads the Consulta pointer.',
];

function number(flag: string, raw: string | undefined, fallback: number, ok: (n: number) => boolean, expected: string): number {
  if (raw === undefined) return fallback;
  const n = raw.trim() === '' ? Number.NaN : Number(raw);
  if (!ok(n)) throw new UsageError(`--${flag} must be ${expected}, got '${raw}'`);
  return n;
}

const isInt = (n: number) => Number.isInteger(n);

export function parseCaptureArgs(argv: string[]): CaptureArgs | 'help' {
  const { values, positionals } = parseFlags({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      out: { type: 'string', default: 'captures.jsonl' },
      'fail-rate': { type: 'string' },
      'delay-ms': { type: 'string' },
      status: { type: 'string' },
      profile: { type: 'string' },
      'body-limit': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}' (${CAPTURE_USAGE})`);
  if (values.out.trim() === '') throw new UsageError('--out must name a file');
  const status = values.status === undefined ? undefined : Number(values.status);
  if (status !== undefined && status !== 410 && status !== 429) throw new UsageError(`--status must be 410 or 429, got '${values.status}'`);
  return {
    port: number('port', values.port, 0, (n) => isInt(n) && n >= 0 && n <= 65535, 'an integer from 0 to 65535'),
    host: values.host,
    out: values.out,
    failRate: number('fail-rate', values['fail-rate'], 0, (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
    delayMs: number('delay-ms', values['delay-ms'], 0, (n) => isInt(n) && n >= 0 && n <= 600_000, 'an integer number of milliseconds from 0 to 600000'),
    status,
    profile: values.profile,
    bodyLimitBytes: number('body-limit', values['body-limit'], DEFAULT_BODY_LIMIT, (n) => isInt(n) && n > 0, 'a positive integer number of bytes'),
    seed: number('seed', values.seed, 1, isInt, 'an integer'),
  };
}

/** One console line per delivery: what, for whom, how fast, and whether it was signed. */
export function formatDelivery(d: Delivery, consultaPointer = ''): string {
  const info = deliveryInfo(d.path, d.json, consultaPointer);
  const parts = [`#${d.seq}`, String(d.status), `app=${info.app}`, d.path];
  if (info.topic) parts.push(`topic=${info.topic}`);
  if (info.sid) parts.push(`sid=${info.sid}`);
  if (d.latencyMs !== undefined) parts.push(`latency=${Math.round(d.latencyMs)}ms`);
  if (d.json === null) parts.push(`non-JSON body (${Buffer.from(d.rawBodyBase64, 'base64').length} bytes)`);
  if (d.signature !== 'not-configured') parts.push(`signature=${d.signature}${d.signatureDetail ? ` (${d.signatureDetail})` : ''}`);
  return parts.join(' ');
}

function formatUnrecorded(r: UnrecordedRequest, limit: number): string {
  if (r.status === 413) return `413 ${r.path} refused: body of ${r.bytes}+ bytes over the ${limit}-byte limit (not recorded)`;
  if (r.status === 405) return `405 ${r.method} ${r.path} refused: only POST is captured`;
  if (r.status === 408) return `408 ${r.path} cut: ${r.bytes} bytes of its body came too slowly (not recorded)`;
  return `200 ${r.method} ${r.path} (a probe of the capture URL, not recorded)`;
}

async function profileFor(file: string | undefined): Promise<Profile | undefined> {
  if (file === undefined) return undefined;
  try {
    return await loadProfile(file);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--profile ${file}: ${error.message}`);
    throw error;
  }
}

/** Resolves on the first terminating signal (or abort), removing its listeners either way. */
function stopped(signal?: AbortSignal): Promise<string> {
  return new Promise((done) => {
    const finish = (why: string) => {
      stopListening();
      signal?.removeEventListener('abort', onAbort);
      done(why);
    };
    const onAbort = () => finish('abort');
    const stopListening = onTerminatingSignal(finish);
    if (signal?.aborted) finish('abort');
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function captureCommand(argv: string[], out: Out, options: { signal?: AbortSignal } = {}): Promise<number> {
  const args = parseCaptureArgs(argv);
  if (args === 'help') {
    for (const line of CAPTURE_HELP) out(line);
    return 0;
  }
  const profile = await profileFor(args.profile);
  const pointer = profile?.webhooks.consultaPointer ?? '';
  // Checked before listening, so a bad address or file is named as such, never reported as the other.
  await hostFlag('host', args.host);
  const file = await outputFileFlag('out', args.out);
  let server: CaptureServer;
  try {
    server = await startCaptureServer({
      port: args.port,
      host: args.host,
      out: file,
      bodyLimitBytes: args.bodyLimitBytes,
      failRate: args.failRate,
      seed: args.seed,
      delayMs: args.delayMs,
      status: args.status,
      signature: profile?.webhooks.signature ?? null,
      consultaPointer: pointer,
      // The console and the file are the record; keeping deliveries in memory would grow without bound.
      retain: 0,
      onDelivery: (d) => out(formatDelivery(d, pointer)),
      onUnrecorded: (r) => out(formatUnrecorded(r, args.bodyLimitBytes)),
      onError: (e) => out(`error: ${e.message} (answered 500, not acknowledged)`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === undefined) throw error;
    if ((error as NodeJS.ErrnoException).syscall === 'open')
      throw new UsageError(`--out ${args.out}: cannot open it for appending (${(error as NodeJS.ErrnoException).code})`);
    throw listenError('--port/--host', args.host, args.port, error);
  }
  const faults = [
    args.status ? `always ${args.status}` : '',
    args.failRate > 0 ? `500 on ${args.failRate * 100}% of deliveries (seed ${args.seed})` : '',
    args.delayMs > 0 ? `${args.delayMs} ms delay` : '',
  ].filter(Boolean);
  out(`capture: listening on ${server.url} — POST to any path (e.g. ${server.url}/primary, ${server.url}/other)`);
  out(
    `capture: appending deliveries to ${file}; body limit ${args.bodyLimitBytes} bytes; signatures ${profile?.webhooks.signature ? `checked (${profile.webhooks.signature.scheme})` : 'not checked'}`,
  );
  if (faults.length > 0) out(`capture: fault injection: ${faults.join(', ')}`);
  out('capture: Ctrl-C to stop');
  const why = await stopped(options.signal);
  await server.close();
  out(`capture: stopped (${why}); ${server.count()} deliveries recorded in ${file}`);
  return 0;
}
