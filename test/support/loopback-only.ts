import { syncBuiltinESMExports } from 'node:module';
import nock from 'nock';

// Vitest setup file (vitest.config.ts `setupFiles`): no test of this project may reach beyond this machine.
// nock 14 patches node:http's ClientRequest and the global fetch (through @mswjs/interceptors); with net connect
// disabled, a request to any other host fails at once with nock's NetConnectNotAllowedError (code ENETUNREACH).
// Loopback stays reachable, so the tests' own servers, proxies and targets answer as before.
//
// The limit, said plainly: undici.request and undici's own Agent/fetch (our client, sut/client.ts, and the
// reference's webhook sender) do not go through node:http, so nock does not see them; neither does a child process
// (the CLI tests spawn one). Those stay bounded by what they are given: base URLs of the tests' own servers.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** nock hands the matcher `host:port` (the port always present, an IPv6 literal with or without brackets). */
export function isLoopback(hostAndPort: string): boolean {
  const colon = hostAndPort.lastIndexOf(':');
  return LOOPBACK.has(colon === -1 ? hostAndPort : hostAndPort.slice(0, colon));
}

nock.disableNetConnect();
nock.enableNetConnect(isLoopback);
// nock patches the CommonJS objects of node:http and node:https; `import { request } from 'node:http'` binds the
// ESM exports, which follow those objects only once synced.
syncBuiltinESMExports();
