import path from 'node:path';
import { UsageError } from '../support/errors.ts';
import { shownProxy } from './proxy-choice.ts';
import { checkTlsFiles, FLAG_LABEL, type SettingLabel } from './tls-material.ts';
import type { TransportSettings } from './transport.ts';

// The transport settings checked before anything starts (Principle 7): every CA, certificate and key file read
// and matched, the proxy URL and the environment's parsed. A bad one is a usage error naming the flag or the
// variable (exit 2), not a handshake or an undici constructor that fails half-way through a run.

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

function checkProxyUrl(name: string, value: string): void {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new UsageError(`${name} must be an http:// or https:// proxy URL, got '${shownProxy(value)}'`);
}

/**
 * The settings, their files made absolute (the reports record them, and `replay` may run elsewhere), once every file
 * and URL in them (and the environment's proxies) is known to serve.
 */
export function checkTransport(given: TransportSettings, label: SettingLabel = FLAG_LABEL): TransportSettings {
  const s: TransportSettings = {
    ...given,
    ...(given.ca ? { ca: given.ca.map((f) => path.resolve(f)) } : {}),
    ...(given.cert !== undefined ? { cert: path.resolve(given.cert) } : {}),
    ...(given.key !== undefined ? { key: path.resolve(given.key) } : {}),
  };
  checkTlsFiles(s, label);
  // The flags check their own words first (cli/pacing-flags.ts); this is the API's guard.
  if (s.rateLimit !== undefined && !(s.rateLimit > 0 && Number.isFinite(s.rateLimit))) {
    throw new UsageError(`transport.rateLimit must be a number of requests a second above 0, got ${s.rateLimit}`);
  }
  if (s.concurrency !== undefined && !(Number.isSafeInteger(s.concurrency) && s.concurrency >= 1)) {
    throw new UsageError(`transport.concurrency must be a whole number from 1, got ${s.concurrency}`);
  }
  if (s.proxy !== undefined) checkProxyUrl(label('proxy'), s.proxy);
  else
    for (const name of PROXY_VARIABLES) {
      const value = process.env[name];
      if (value) checkProxyUrl(name, value);
    }
  return s;
}
