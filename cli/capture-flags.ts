import { createServer } from 'node:net';
import { LOCAL_CAPTURE, type CaptureReach } from '../api/profile.ts';
import { UsageError } from '../support/errors.ts';

// --callback-url and --capture-listen, shared by `run` and `simulate`: how a target on another machine
// reaches the capture server this command starts (sut/capture-reach.ts).

export const CAPTURE_OPTIONS = {
  'callback-url': { type: 'string' },
  'capture-listen': { type: 'string' },
} as const;

export const CAPTURE_USAGE = [
  'Webhooks of a target on another machine: --capture-listen [HOST:]PORT (where this machine listens, default 127.0.0.1 and a free port)',
  '  and --callback-url URL (what the target is told to call: a tunnel or public address that leads to that port).',
];

const LISTEN = /^(?:(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):)?(\d{1,5})$/;

export function captureFlags(v: { 'callback-url'?: string | undefined; 'capture-listen'?: string | undefined }): CaptureReach {
  const reach: CaptureReach = { ...LOCAL_CAPTURE };
  const listen = v['capture-listen'];
  if (listen !== undefined) {
    const m = LISTEN.exec(listen);
    const port = Number(m?.[2]);
    if (!m || port < 1 || port > 65_535) throw new UsageError(`--capture-listen must be [HOST:]PORT with a port from 1 to 65535, got '${listen}'`);
    reach.port = port;
    if (m[1] !== undefined) reach.host = m[1].replace(/^\[|\]$/g, '');
  }
  const callback = v['callback-url'];
  if (callback !== undefined) {
    const url = URL.canParse(callback) ? new URL(callback) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new UsageError(`--callback-url must be an absolute http(s) URL, got '${callback}'`);
    }
    // A tunnel forwards to a fixed port: a free port picked at start-up could not be known to it.
    if (listen === undefined) throw new UsageError('--callback-url needs --capture-listen (the port the URL leads to)');
    reach.publicUrl = callback.replace(/\/+$/, '');
  }
  return reach;
}

/**
 * Binds --capture-listen's address once and lets it go: a port in use is a usage error (exit 2) before the
 * run starts, not a failed check half-way through it.
 */
export async function checkListenable(reach: CaptureReach): Promise<void> {
  if (reach.port === 0) return;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(reach.port, reach.host, () => server.close(() => resolve()));
  }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--capture-listen ${reach.host}:${reach.port}: cannot listen there (${error.code ?? error.message})`);
  });
}
