import { checkTransport, shownProxy, type TransportSettings } from '../api/transport.ts';
import { UsageError } from '../support/errors.ts';

// --ca, --insecure, --cert, --key and --proxy, shared by every command that talks to a target (run, init,
// simulate, load, replay): how it reaches the target's network (sut/transport.ts). Every file is read and checked
// here, before anything starts (exit 2 naming the flag).

export const TRANSPORT_OPTIONS = {
  ca: { type: 'string', multiple: true },
  insecure: { type: 'boolean', default: false },
  cert: { type: 'string' },
  key: { type: 'string' },
  proxy: { type: 'string' },
} as const;

export const TRANSPORT_USAGE = [
  "TLS and proxies (docs/network.md): --ca FILE trusts the CAs in a PEM file besides Node's own (repeat it, or FILE,FILE;",
  '  NODE_EXTRA_CA_CERTS works too); --cert FILE --key FILE: a client certificate, for gateways that ask for one (mTLS);',
  "  --insecure skips verifying the target's certificate (said loudly in every report: for test targets only);",
  '  --proxy URL sends every request through an http(s) proxy; without it HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured.',
];

export interface TransportValues {
  ca?: string[] | undefined;
  insecure?: boolean | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  proxy?: string | undefined;
}

/** Whether any of the flags was given. */
export const givesTransport = (v: TransportValues): boolean =>
  v.ca !== undefined || v.insecure === true || v.cert !== undefined || v.key !== undefined || v.proxy !== undefined;

const file = (flag: string, value: string): string => {
  if (value.trim() === '') throw new UsageError(`--${flag} must name a file`);
  return value;
};

/** The settings the flags give (empty ones still honour the environment's proxies), checked. */
export function transportFlags(v: TransportValues): TransportSettings {
  const ca = (v.ca ?? []).flatMap((list) => list.split(',')).map((f) => file('ca', f.trim()));
  return checkTransport({
    ...(ca.length ? { ca } : {}),
    ...(v.insecure ? { insecure: true } : {}),
    ...(v.cert !== undefined ? { cert: file('cert', v.cert) } : {}),
    ...(v.key !== undefined ? { key: file('key', v.key) } : {}),
    ...(v.proxy !== undefined ? { proxy: v.proxy } : {}),
  });
}

/** The flags that give these settings again, for a command line the user is told to run next (no proxy password). */
export function transportArgs(s: TransportSettings): string {
  const args = [
    ...(s.ca ?? []).map((f) => `--ca ${f}`),
    ...(s.cert !== undefined ? [`--cert ${s.cert}`] : []),
    ...(s.key !== undefined ? [`--key ${s.key}`] : []),
    ...(s.insecure ? ['--insecure'] : []),
    ...(s.proxy !== undefined ? [`--proxy ${shownProxy(s.proxy)}`] : []),
  ];
  return args.map((a) => ` ${a}`).join('');
}

/**
 * The settings for a target given by --base-url (even without a flag: the environment's proxies apply); the flags
 * are refused without one, since the embedded server is reached in this process, straight.
 */
export function transportOf(v: TransportValues, baseUrl: string | undefined): TransportSettings | undefined {
  if (baseUrl !== undefined) return transportFlags(v);
  if (givesTransport(v)) throw new UsageError('--ca, --cert, --key, --insecure and --proxy are for a target given by --base-url');
  return undefined;
}
