import { LOCAL_CAPTURE, type CaptureReach } from '../api/profile.ts';
import { checkCaptureReach, checkListenable as listenable, RANGES } from '../api/option-checks.ts';
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
const NAMES = { host: '--capture-listen', port: '--capture-listen', publicUrl: '--callback-url' };

/** The two flags as a capture reach, checked as the API checks its `capture` option (api/option-checks.ts). */
export function captureFlags(v: { 'callback-url'?: string | undefined; 'capture-listen'?: string | undefined }): CaptureReach {
  const reach: CaptureReach = { ...LOCAL_CAPTURE };
  const listen = v['capture-listen'];
  if (listen !== undefined) {
    const m = LISTEN.exec(listen);
    const port = Number(m?.[2]);
    const [min, max] = RANGES.listenPort;
    if (!m || port < min || port > max) throw new UsageError(`--capture-listen must be [HOST:]PORT with a port from ${min} to ${max}, got '${listen}'`);
    reach.port = port;
    if (m[1] !== undefined) reach.host = m[1].replace(/^\[|\]$/g, '');
  }
  if (v['callback-url'] !== undefined) reach.publicUrl = v['callback-url'];
  return checkCaptureReach(reach, NAMES);
}

/** A port in use is a usage error (exit 2) before the run starts, not a failed check half-way through it. */
export const checkListenable = (reach: CaptureReach): Promise<void> => listenable('--capture-listen', reach);
