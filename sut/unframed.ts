import type { Socket } from 'node:net';
import type { TransportError } from './client.ts';
import type { TransportSettings } from './transport.ts';
import { connectTo, type ConnectError } from './tunnel.ts';

// One HTTP/1.1 exchange on a connection of its own, read byte for byte until the server closes it, ignoring
// the framing rules: after a 304 (or 204) a client reads nothing, so a body a server sends anyway is never
// seen by undici — only here. `Connection: close` asks the server to end the exchange; a server that keeps
// the connection open gets a short idle wait once its header block is in. The connection is made as the run's
// others are (tunnel.ts): the same trust and client certificate, through the same proxy's CONNECT tunnel.

export interface UnframedOptions {
  timeoutMs: number;
  maxBytes: number;
  transport?: TransportSettings;
}

export interface UnframedResult {
  status?: number;
  headers: Record<string, string>;
  /** Every byte after the header block, as text. */
  text: string;
  error?: TransportError;
}

/** After the header block, this long without a byte ends the read of a server that does not close. */
const IDLE_AFTER_HEAD_MS = 300;
const HEAD_END = Buffer.from('\r\n\r\n');

function parse(bytes: Buffer, error?: TransportError): UnframedResult {
  const end = bytes.indexOf(HEAD_END);
  if (end < 0)
    return {
      headers: {},
      text: '',
      error: error ?? { code: 'VMP_ERR_PROTOCOL', message: `the connection closed after ${bytes.length} bytes, before a complete header block` },
    };
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (!Number.isInteger(status))
    return { headers, text: '', error: { code: 'VMP_ERR_PROTOCOL', message: `not an HTTP/1.1 status line: ${JSON.stringify(statusLine.slice(0, 80))}` } };
  return { status, headers, text: bytes.subarray(end + HEAD_END.length).toString('utf8'), ...(error ? { error } : {}) };
}

export function unframedExchange(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  o: UnframedOptions,
): Promise<UnframedResult> {
  const u = new URL(url);
  const payload = Buffer.from(body ?? '', 'utf8');
  const head = [
    `${method} ${u.pathname}${u.search} HTTP/1.1`,
    `host: ${u.host}`,
    'connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(body !== undefined ? [`content-length: ${payload.length}`] : []),
  ].join('\r\n');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let idle: NodeJS.Timeout | undefined;
    let headSeen = false;
    let settled = false;
    let socket: Socket | undefined;
    const cut = new AbortController();
    const finish = (error?: TransportError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(idle);
      cut.abort();
      socket?.destroy();
      resolve(parse(Buffer.concat(chunks), error));
    };
    const deadline = setTimeout(() => finish({ code: 'VMP_ERR_TIMEOUT', message: `no complete answer within ${o.timeoutMs} ms` }), o.timeoutMs);
    const read = (opened: Socket) => {
      socket = opened;
      opened.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        bytes += chunk.length;
        if (bytes > o.maxBytes) return finish({ code: 'VMP_ERR_BODY_TOO_LARGE', message: `the answer exceeds ${o.maxBytes} bytes; reading stopped there` });
        headSeen ||= Buffer.concat(chunks).includes(HEAD_END);
        if (headSeen) {
          clearTimeout(idle);
          idle = setTimeout(() => finish(), IDLE_AFTER_HEAD_MS);
        }
      });
      opened.on('end', () => finish());
      opened.on('close', () => finish());
      opened.on('error', (e) => finish({ code: 'VMP_ERR_CONNECTION', message: e.message }));
      opened.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), payload]));
    };
    connectTo(u, o.transport, cut.signal).then(
      (opened) => (settled ? opened.destroy() : read(opened)),
      (error: ConnectError) =>
        finish({ code: error.code === 'VMP_ERR_TIMEOUT' ? 'VMP_ERR_TIMEOUT' : 'VMP_ERR_CONNECTION', message: `${error.code}: ${error.message}` }),
    );
  });
}
