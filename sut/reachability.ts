import { connect } from 'node:net';
import { callEndpoint } from './call.ts';
import type { TargetClient } from './client.ts';
import { proxyFor } from './proxy-choice.ts';
import { reachFailure } from './reach-failure.ts';

// Exit code 3 material, and nothing else: no connection can be made to the target (a refused or untrusted TLS
// connection, a wrong scheme, a redirect, a failing proxy included: reach-failure.ts), or it refuses the profile's
// credentials. A target that answers, however wrongly (a 404, a 5xx, a page of HTML, a garbled or hanging
// response on an open connection), is tested: what it answers fails rules (Principle 6, issue 12 §5).

export class TargetUnreachableError extends Error {
  readonly code = 'VMP_ERR_UNREACHABLE';
}
export class CredentialsRejectedError extends Error {
  readonly code = 'VMP_ERR_CREDENTIALS';
}

/** Whether a TCP connection to the URL's host and port opens within the deadline. */
export function canConnect(url: string, timeoutMs: number): Promise<boolean> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || (protocol === 'https:' ? 443 : 80)) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Throws TargetUnreachableError or CredentialsRejectedError before any check; anything else is the checks' to judge. */
export async function checkReachable(client: TargetClient): Promise<void> {
  for (const app of ['primary', 'other'] as const) {
    const res = await callEndpoint(client, 'agencias-list', { app, form: 'json' });
    const why = await reachFailure(client, res);
    if (why !== undefined) throw new TargetUnreachableError(why);
    // Behind a proxy only the proxy is reached straight; what it could not reach, it said (reach-failure.ts).
    if (res.status === undefined && !proxyFor(client.baseUrl, client.transport) && !(await canConnect(client.baseUrl, client.timeoutMs))) {
      throw new TargetUnreachableError(`${client.baseUrl} is unreachable: ${res.error?.message ?? 'no response'}`);
    }
    if (res.status === 401 || res.status === 403) {
      throw new CredentialsRejectedError(`${client.baseUrl} rejects the credentials of app '${app}' (GET /v3/agencias: ${res.status})`);
    }
  }
}
