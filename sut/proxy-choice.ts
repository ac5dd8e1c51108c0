import { REDACTED } from './redact.ts';
import type { TransportSettings } from './transport.ts';

// Which proxy, if any, a request to a URL goes through: --proxy for every request; otherwise the environment's
// HTTPS_PROXY / HTTP_PROXY (lower case first) unless NO_PROXY names the host — the rules of undici's
// EnvHttpProxyAgent, which sends the requests (transport-agent.ts). Told here too for what sends outside undici
// (the unframed read, the scheme probe) and for naming the proxy when it fails.

export interface ProxyChoice {
  url: string;
  /** Where it was set: `--proxy`, or the environment variable's name. */
  source: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The first of the variables that is set, as undici reads them (`a ?? b`: an empty lower-case one hides the other). */
function fromEnvironment(...names: string[]): ProxyChoice | undefined {
  const name = names.find((n) => process.env[n] !== undefined);
  const url = name === undefined ? undefined : process.env[name];
  return name && url ? { url, source: name } : undefined;
}

/** NO_PROXY's entries: a host (a leading `.` or `*.` also matches its subdomains), with a port or not; `*` all. */
function bypassed(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  return noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const name = (parsed ? parsed[1]! : entry).replace(/^\*?\./, '').toLowerCase();
      if (parsed && Number(parsed[2]) !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

/** The proxy a request to `target` goes through, or undefined when it goes straight to the target. */
export function proxyFor(target: string, s: TransportSettings | undefined): ProxyChoice | undefined {
  if (!s) return undefined;
  if (s.proxy !== undefined) return { url: s.proxy, source: '--proxy' };
  const url = new URL(target);
  const http = fromEnvironment('http_proxy', 'HTTP_PROXY');
  const chosen = url.protocol === 'https:' ? (fromEnvironment('https_proxy', 'HTTPS_PROXY') ?? http) : http;
  if (!chosen) return undefined;
  return bypassed(url, process.env.no_proxy ?? process.env.NO_PROXY ?? '') ? undefined : chosen;
}

/** A proxy URL as it may be shown: its credentials never are. */
export function shownProxy(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  const userinfo = u.username || u.password ? `${REDACTED}@` : '';
  return `${u.protocol}//${userinfo}${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}
