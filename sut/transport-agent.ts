import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import { proxyTls, targetTls } from './tls-material.ts';
import type { DispatcherOptions, TransportSettings } from './transport.ts';

// The undici agent under every request to a target, as undici users set one up: without settings (the embedded
// server) a plain Agent; with them, the target's TLS (tls-material.ts) on a direct connection and inside a proxy's
// tunnel alike (`connect` and `requestTls`), the proxy's own TLS (`proxyTls`), and the proxy --proxy names
// (ProxyAgent) or the environment's (EnvHttpProxyAgent: HTTPS_PROXY, HTTP_PROXY, NO_PROXY). Plain HTTP targets
// go through a proxy's CONNECT tunnel too (undici's default), so a proxy sees no request in the clear.

export function reachingAgent(s: TransportSettings | undefined, o: DispatcherOptions): Dispatcher {
  const base = { keepAliveTimeout: 10_000, connections: o.connections, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs };
  if (!s) return new Agent(base);
  const tls = targetTls(s);
  const tunnel = { ...base, requestTls: tls, proxyTls: proxyTls(s) };
  if (s.proxy !== undefined) return new ProxyAgent({ ...tunnel, uri: s.proxy });
  return new EnvHttpProxyAgent({ ...tunnel, connect: tls });
}
