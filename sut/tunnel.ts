import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { proxyFor } from './proxy-choice.ts';
import { proxyTls, targetTls } from './tls-material.ts';
import type { TransportSettings } from './transport.ts';

// A connection of our own to a target, for what does not go through undici (the unframed read, the scheme probe),
// made as undici makes its own: straight to the target, or through the proxy's CONNECT tunnel (proxy-choice.ts),
// then TLS with the run's trust and client certificate (tls-material.ts) when the URL is https.

/** A failed connection, with the code Node, OpenSSL or the proxy gave. */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** SNI names a host, never an address (RFC 6066 section 3; Node's DEP0123 warns of an IP). */
const serverName = (host: string): { servername?: string } => (isIP(host) === 0 ? { servername: host } : {});

const HEAD_END = Buffer.from('\r\n\r\n');
const MAX_PROXY_HEAD = 16 * 1024;

/** Resolves once the socket emits `ready` (connect or secureConnect); rejects on its error or on `signal`. */
function opened<T extends Socket>(socket: T, ready: 'connect' | 'secureConnect', signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      signal.removeEventListener('abort', abort);
      socket.destroy();
      const code = (error as NodeJS.ErrnoException).code ?? 'VMP_ERR_CONNECTION';
      reject(error instanceof ConnectError ? error : new ConnectError(error.message, code));
    };
    const abort = () => fail(new ConnectError('cut before the connection was made', 'VMP_ERR_TIMEOUT'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    socket.once('error', fail);
    socket.once(ready, () => {
      signal.removeEventListener('abort', abort);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}

function tlsOn(socket: Socket, host: string, options: ConnectionOptions, signal: AbortSignal): Promise<Socket> {
  return opened(tlsConnect({ socket, ...serverName(host), ...options }), 'secureConnect', signal);
}

/** The proxy's answer to CONNECT: its status line and headers, and what followed them. */
function proxyAnswer(socket: Socket, signal: AbortSignal): Promise<{ status: number; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    const done = (error?: ConnectError) => {
      socket.off('data', onData).off('error', onError).off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      if (error) {
        socket.destroy();
        return reject(error);
      }
      const end = got.indexOf(HEAD_END);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(got.subarray(0, end).toString('latin1'))?.[1]);
      if (!Number.isInteger(status)) return done(new ConnectError('the proxy did not answer CONNECT with an HTTP status line', 'VMP_ERR_PROXY'));
      resolve({ status, rest: got.subarray(end + HEAD_END.length) });
    };
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.includes(HEAD_END)) done();
      else if (got.length > MAX_PROXY_HEAD) done(new ConnectError(`the proxy's answer to CONNECT exceeds ${MAX_PROXY_HEAD} bytes`, 'VMP_ERR_PROXY'));
    };
    const onError = (error: NodeJS.ErrnoException) => done(new ConnectError(error.message, error.code ?? 'VMP_ERR_PROXY'));
    const onClose = () => done(new ConnectError('the proxy closed the connection before answering CONNECT', 'VMP_ERR_PROXY'));
    const onAbort = () => done(new ConnectError('cut while the proxy opened the tunnel', 'VMP_ERR_TIMEOUT'));
    socket.on('data', onData).on('error', onError).on('close', onClose);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A tunnel to host:port through the proxy (RFC 9110 section 9.3.6): a socket that carries bytes to the target. */
async function tunnel(proxy: URL, authority: string, s: TransportSettings | undefined, signal: AbortSignal): Promise<Socket> {
  const secure = proxy.protocol === 'https:';
  const host = proxy.hostname.replace(/^\[|\]$/g, '');
  let socket: Socket = await opened(netConnect({ host, port: Number(proxy.port || (secure ? 443 : 80)) }), 'connect', signal);
  if (secure) socket = await tlsOn(socket, host, proxyTls(s), signal);
  const credentials = proxy.username || proxy.password ? `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}` : undefined;
  const auth = credentials ? `proxy-authorization: Basic ${Buffer.from(credentials).toString('base64')}\r\n` : '';
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n${auth}\r\n`);
  const { status, rest } = await proxyAnswer(socket, signal);
  if (status !== 200) {
    socket.destroy();
    throw new ConnectError(`the proxy answered CONNECT ${authority} with ${status}`, 'VMP_ERR_PROXY');
  }
  if (rest.length > 0) socket.unshift(rest);
  return socket;
}

/**
 * A connected socket to the URL's host and port, TLS already negotiated when it is https (with `tls` in place of
 * the run's own options, when given: the scheme probe takes any certificate).
 */
export async function connectTo(url: URL, s: TransportSettings | undefined, signal: AbortSignal, tls?: ConnectionOptions): Promise<Socket> {
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (secure ? 443 : 80));
  const proxy = proxyFor(url.href, s);
  const socket = proxy
    ? await tunnel(new URL(proxy.url), `${isIP(host) === 6 ? `[${host}]` : host}:${port}`, s, signal)
    : await opened(netConnect({ host, port }), 'connect', signal);
  return secure ? tlsOn(socket, host, tls ?? targetTls(s), signal) : socket;
}
