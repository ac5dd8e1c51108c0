import type { Socket } from 'node:net';
import type { TargetClient, TargetResponse, TransportCause } from './client.ts';
import { proxyFor, shownProxy, type ProxyChoice } from './proxy-choice.ts';
import { redact } from './redact.ts';
import { connectTo, type ConnectError } from './tunnel.ts';

// Why the reachability request (sut/reachability.ts) reached no API: a certificate this machine does not trust, a
// wrong scheme, a redirect, a proxy that cannot be reached or refuses the tunnel, a client certificate the gateway
// asks for. Each is the network's fault, not the target's (Principle 5): one line naming the cause and the fix,
// exit 3, instead of a hundred rules failing for it. The tables are walked in order; the first that applies says.

interface Seen {
  client: TargetClient;
  res: TargetResponse;
  cause?: TransportCause;
  /** The base URL's origin, as a message names the target. */
  origin: string;
  proxy?: ProxyChoice;
}

type Explain = (s: Seen) => string;

const INSECURE_HINT = 'or, on a test target only, skip verifying it with --insecure';

const untrusted: Explain = ({ origin, cause, client }) =>
  client.transport?.ca?.length
    ? `${origin} presents a certificate that is not trusted even with --ca ${client.transport.ca.join(',')} (${cause!.code}: ${cause!.message}): check that --ca names the CA that signed it, ${INSECURE_HINT}`
    : `${origin} presents a certificate this machine does not trust (${cause!.code}: ${cause!.message}): trust the CA that signed it with --ca FILE (PEM) or NODE_EXTRA_CA_CERTS=FILE, ${INSECURE_HINT}`;

const notSpeakingTls: Explain = ({ origin, client, cause }) =>
  `${origin} does not speak TLS (${cause!.code}): it is a plain HTTP port; use http:// — --base-url ${client.baseUrl.replace(/^https:/, 'http:')}`;

const clientCertificate: Explain = ({ origin, client, cause }) =>
  client.transport?.cert
    ? `${origin} refused the client certificate ${client.transport.cert} (${cause!.code}): is it one its gateway trusts, and is it still valid?`
    : `${origin} asks for a client certificate (${cause!.code}): pass --cert FILE --key FILE (PEM)`;

/** Causes a TLS connection's error code names, with what to do about each. */
const TLS_CAUSES: ReadonlyArray<[RegExp, Explain]> = [
  [
    /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE)$/,
    untrusted,
  ],
  [
    /^CERT_(HAS_EXPIRED|NOT_YET_VALID)$/,
    ({ origin, cause }) =>
      `${origin}'s certificate is ${cause!.code === 'CERT_HAS_EXPIRED' ? 'expired' : 'not valid yet'} (${cause!.code}): renew it on the target (or check this machine's clock), ${INSECURE_HINT}`,
  ],
  [
    /^ERR_TLS_CERT_ALTNAME_INVALID$/,
    ({ origin, cause }) =>
      `${origin}'s certificate is for other names (${cause!.code}: ${cause!.message}): use a --base-url with a name the certificate lists, ${INSECURE_HINT}`,
  ],
  [/^(ERR_SSL_WRONG_VERSION_NUMBER|ERR_SSL_PACKET_LENGTH_TOO_LONG|ERR_SSL_UNKNOWN_PROTOCOL)$/, notSpeakingTls],
  [
    /^ERR_SSL_(TLSV13_ALERT_CERTIFICATE_REQUIRED|SSLV3_ALERT_BAD_CERTIFICATE|TLSV1_ALERT_UNKNOWN_CA|SSLV3_ALERT_CERTIFICATE_UNKNOWN|TLSV1_ALERT_ACCESS_DENIED)$/,
    clientCertificate,
  ],
  [
    /^(ERR_SSL_|ERR_TLS_|EPROTO$)/,
    ({ origin, cause }) =>
      `${origin}: the TLS handshake failed (${cause!.code}: ${cause!.message}); if the target asks for a client certificate, pass --cert FILE --key FILE`,
  ],
];

/** How to go without the proxy, by where it was set. */
const withoutProxy = (p: ProxyChoice, host: string): string =>
  p.source === '--proxy' ? 'or leave out --proxy' : `or unset ${p.source}, or add the target to NO_PROXY (NO_PROXY=${host})`;

/** Codes of a connection that never opened: through a proxy, the connection to the proxy. */
const NOT_CONNECTED = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;

/** A failure of the proxy itself, when the request went through one. */
function proxyFailure({ proxy, cause, client }: Seen): string | undefined {
  if (!proxy || !cause) return undefined;
  const target = new URL(client.baseUrl);
  const shown = `the proxy ${shownProxy(proxy.url)} (${proxy.source})`;
  const refused = /Proxy response \((\d{3})\)/.exec(cause.message)?.[1];
  if (refused === '407') return `${shown} asks for credentials (CONNECT answered 407): give them in its URL (http://user:password@host:port)`;
  if (refused)
    return `${shown} refused to open a tunnel to ${target.host} (CONNECT answered ${refused}${Number(refused) >= 500 ? ': it could not reach the target' : ''}): check the proxy, ${withoutProxy(proxy, target.hostname)}`;
  if (NOT_CONNECTED.test(cause.code)) return `${shown} cannot be reached (${cause.code}: ${cause.message}): check it, ${withoutProxy(proxy, target.hostname)}`;
  return undefined;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A base URL that redirects: never followed (a request must not leave the base URL), named with where it leads. */
function redirect({ client, res }: Seen): string | undefined {
  const location = res.headers.location;
  if (res.status === undefined || !REDIRECTS.has(res.status) || !location) return undefined;
  const asked = new URL(res.exchange.url);
  // The API path asked, after the base URL's own path: what a redirect's target must end with to be a base URL.
  const path = asked.pathname.slice(new URL(client.baseUrl).pathname.replace(/\/$/, '').length);
  const here = `GET ${client.baseUrl}${path} answered ${res.status}, a redirect`;
  const to = URL.canParse(location, asked.href) ? new URL(location, asked) : undefined;
  if (!to) return `${here}, to an unreadable Location: this tool follows no redirect; point --base-url where the API answers`;
  const shown = `${to.origin}${to.pathname}`;
  if (to.origin === asked.origin && to.pathname === `${asked.pathname}/`)
    return `${here} to the same path with a trailing slash (${shown}): the API's paths are sent as the spec writes them; have the server or its gateway answer them without one`;
  if (to.pathname.endsWith(path))
    return `${here} to ${shown}: this tool follows no redirect (no request leaves the base URL); use the redirect's target as --base-url: ${to.origin}${to.pathname.slice(0, -path.length)}`;
  return `${here} to ${shown}, which is not the API's path (a login page?): this tool follows no redirect; point --base-url where the API answers`;
}

const answeredJson = (res: TargetResponse) => res.json !== undefined;
const titleOf = (text: string) => /<title>([^<]{1,120})<\/title>/i.exec(text)?.[1]?.trim() ?? text.trim().slice(0, 80);

/** Whether the URL's port completes a TLS handshake (any certificate), asked over the run's proxy when it has one. */
async function speaksTls(client: TargetClient): Promise<boolean> {
  const url = new URL(client.baseUrl);
  url.protocol = 'https:';
  if (!url.port) url.port = '80';
  const signal = AbortSignal.timeout(client.timeoutMs);
  try {
    (await connectTo(url, client.transport, signal, { rejectUnauthorized: false })).destroy();
    return true;
  } catch {
    return false;
  }
}

/** http:// to a port that speaks TLS: no answer, or a 4xx page that is not the API's (nginx: "plain HTTP request"). */
async function httpsPort({ client, res, origin }: Seen): Promise<string | undefined> {
  if (!client.baseUrl.startsWith('http:')) return undefined;
  const doubtful = res.status === undefined || (res.status >= 400 && !answeredJson(res));
  if (!doubtful || !(await speaksTls(client))) return undefined;
  const said = res.status === undefined ? 'no HTTP answer' : `${res.status} "${titleOf(res.text)}"`;
  return `${origin} speaks TLS (${said} to plain HTTP): it is an https port; use https:// — --base-url ${client.baseUrl.replace(/^http:/, 'https:')}`;
}

/**
 * A gateway that asks for a client certificate and answers without one instead of refusing the handshake: nginx's
 * `ssl_verify_client on` sends 400 "No required SSL certificate was sent" (and "The SSL certificate error" for one
 * it does not trust).
 */
function certificatePage({ client, res, origin }: Seen): string | undefined {
  if (!client.baseUrl.startsWith('https:') || res.status === undefined || res.status < 400 || answeredJson(res)) return undefined;
  const title = titleOf(res.text);
  if (!/\b(SSL|client) certificate\b/i.test(title)) return undefined;
  const said = `it answered ${res.status} "${title}"`;
  return client.transport?.cert
    ? `${origin} refused the client certificate ${client.transport.cert} (${said}): is it one its gateway trusts, and is it still valid?`
    : `${origin} asks for a client certificate (${said}): pass --cert FILE --key FILE (PEM)`;
}

/** A TLS 1.3 server refuses a client certificate after the handshake: undici sees the connection close, not why. */
const CLOSED_EARLY = /^(UND_ERR_SOCKET|ECONNRESET|EPIPE)$/;

/**
 * What a TLS connection of our own hears right after its handshake: the alert a server sends when it wanted a
 * client certificate (or refused the one given), which a closed connection hid from undici.
 */
async function alertAfterHandshake(client: TargetClient): Promise<TransportCause | undefined> {
  const url = new URL(client.baseUrl);
  const signal = AbortSignal.timeout(client.timeoutMs);
  let socket: Socket;
  try {
    socket = await connectTo(url, client.transport, signal);
  } catch (error) {
    return { code: (error as ConnectError).code, message: (error as Error).message };
  }
  return new Promise((resolve) => {
    const done = (cause?: TransportCause) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(cause);
    };
    const timer = setTimeout(() => done(), client.timeoutMs);
    socket.on('error', (e: NodeJS.ErrnoException) => done({ code: e.code ?? 'ERROR', message: e.message }));
    socket.on('data', () => done()).on('close', () => done());
    socket.write(`HEAD / HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n\r\n`);
  });
}

/** The one line that says why the target cannot be tested, or undefined when it answered and is to be judged. */
export async function reachFailure(client: TargetClient, res: TargetResponse): Promise<string | undefined> {
  const proxy = proxyFor(client.baseUrl, client.transport);
  const seenCause = res.status === undefined ? res.error?.cause : undefined;
  const closedEarly = seenCause && client.baseUrl.startsWith('https:') && CLOSED_EARLY.test(seenCause.code);
  const cause = (closedEarly ? await alertAfterHandshake(client) : undefined) ?? seenCause;
  const seen: Seen = { client, res, origin: new URL(client.baseUrl).origin, ...(cause ? { cause } : {}), ...(proxy ? { proxy } : {}) };
  const tls = cause ? TLS_CAUSES.find(([code]) => code.test(cause.code))?.[1] : undefined;
  const why = proxyFailure(seen) ?? tls?.(seen) ?? redirect(seen) ?? certificatePage(seen) ?? (await httpsPort(seen));
  return why === undefined ? undefined : redact(why, client.secrets);
}
