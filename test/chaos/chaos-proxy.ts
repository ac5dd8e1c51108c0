import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A proxy in front of a healthy target that attacks the client on one endpoint (issue 7, Chaos servers):
// every request is forwarded unchanged except those whose method and path prefix match the sabotaged
// endpoint, which get one transport fault. Faults are written on the raw socket, because node:http will not
// send a wrong Content-Length, invalid bytes after correct headers, or an RST on its own.

export type Fault =
  /** Reads the request and never answers; the socket stays open. */
  | 'never-answers'
  /** Status line and headers with the real Content-Length, half the real JSON body, then the socket closes. */
  | 'truncated'
  /** A valid JSON array of 50 MiB, chunked (no Content-Length to refuse it by), streamed with back-pressure. */
  | 'huge-body'
  /** A TCP reset right after the request is read. */
  | 'reset'
  /** The real response, its body one byte per second. */
  | 'trickle'
  /** The real response with the bytes C3 28 (an invalid UTF-8 sequence) inside its first JSON string. */
  | 'invalid-utf8'
  /** The real body under a Content-Length 100 bytes too large; the socket stays open. */
  | 'content-length-over'
  /** The real body under a Content-Length that is half its size (the rest is sent after it). */
  | 'content-length-under';

export const FAULTS: readonly Fault[] = [
  'never-answers',
  'truncated',
  'huge-body',
  'reset',
  'trickle',
  'invalid-utf8',
  'content-length-over',
  'content-length-under',
];

export interface ChaosOptions {
  /** Base URL of the healthy target, e.g. http://127.0.0.1:PORT. */
  upstream: string;
  fault: Fault;
  /** The sabotaged endpoint: this method, and a path equal to the prefix or below it. */
  method: string;
  pathPrefix: string;
}

export interface ChaosProxy {
  url: string;
  /** Requests that got the fault, as "METHOD /path?query". */
  readonly sabotaged: readonly string[];
  /**
   * Sabotaged requests whose connection the client closed before the proxy had finished (or refused) its
   * answer: for a hanging fault, each is a request that waited out the client's deadline.
   */
  readonly abandoned: readonly string[];
  close(): Promise<void>;
}

const HUGE_BODY_BYTES = 50 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'proxy-connection', 'upgrade', 'te', 'trailer']);

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends the request on to the healthy target and buffers its (small) answer. */
function forward(upstream: string, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  const target = new URL(req.url ?? '/', upstream);
  return new Promise((resolve, reject) => {
    const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Sockets whose sabotaged answer the proxy completed (ended, or reset on purpose). */
const finished = new WeakSet<Socket>();

/** Ends the answer: a socket the client closes before this was abandoned mid-answer. */
function finish(socket: Socket, data?: Buffer | string, then?: () => void): void {
  finished.add(socket);
  socket.end(data ?? '', then);
}

/**
 * A status line and headers, as raw bytes; `length` is the Content-Length to declare, none when null (then
 * the body is chunked). Always `connection: close`: node:http never learns that a sabotaged response ended,
 * so a request the client sent next on the same socket would wait behind it forever and a healthy endpoint
 * would be blamed; the fault must stay on its endpoint.
 */
function head(status: number, headers: IncomingHttpHeaders, length: number | null): string {
  const lines = [`HTTP/1.1 ${status} Chaos`];
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP_BY_HOP.has(k.toLowerCase())) continue;
    for (const value of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${value}`);
  }
  lines.push(length === null ? 'transfer-encoding: chunked' : `content-length: ${length}`, 'connection: close');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The body with C3 28 right after the opening quote of its first string value (or a small JSON that has it). */
function withInvalidUtf8(body: Buffer): Buffer {
  const bad = Buffer.from([0xc3, 0x28]);
  const text = body.toString('latin1');
  const at = text.search(/:\s*"/);
  if (at < 0) return Buffer.concat([Buffer.from('{"Nombre":"'), bad, Buffer.from('"}')]);
  const quote = text.indexOf('"', at) + 1;
  return Buffer.concat([body.subarray(0, quote), bad, body.subarray(quote)]);
}

/** Writes a valid JSON array of `total` bytes as HTTP chunks, waiting for 'drain'; stops when the peer goes. */
async function streamHugeArray(socket: Socket, total: number): Promise<void> {
  const item = '{"Id":1,"Nombre":"relleno relleno relleno relleno"},';
  const items = Buffer.from(item.repeat(Math.floor(65_536 / item.length)));
  const write = (data: Buffer | string) => {
    socket.write(`${Buffer.byteLength(data).toString(16)}\r\n`);
    socket.write(data);
    const ok = socket.write('\r\n');
    return ok || socket.destroyed ? Promise.resolve() : new Promise<void>((r) => socket.once('drain', r).once('close', r));
  };
  await write('[');
  // Whole items while they fit, then one last item padded with spaces (JSON whitespace) to `total` exactly.
  let left = total - 2;
  while (left > 0 && !socket.destroyed) {
    if (left >= items.length + 8) {
      await write(items);
      left -= items.length;
    } else {
      await write(`{"Id":0}${' '.repeat(left - 8)}`);
      left = 0;
    }
  }
  if (!socket.destroyed) finish(socket, ']\r\n0\r\n\r\n');
}

/** One byte per second; the socket ends with the last one (the header said `connection: close`). */
function trickle(socket: Socket, data: Buffer): void {
  if (data.length === 0) return finish(socket);
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(data.subarray(i, ++i));
    if (i < data.length) return;
    clearInterval(timer);
    finish(socket);
  }, 1_000);
  socket.once('close', () => clearInterval(timer));
}

async function sabotage(fault: Fault, upstream: string, req: IncomingMessage, socket: Socket): Promise<void> {
  const body = await readBody(req);
  if (fault === 'never-answers') return;
  if (fault === 'reset') {
    finished.add(socket);
    return void socket.resetAndDestroy();
  }
  if (fault === 'huge-body') {
    socket.write(head(200, { 'content-type': 'application/json' }, null));
    return streamHugeArray(socket, HUGE_BODY_BYTES);
  }
  const real = await forward(upstream, req, body);
  switch (fault) {
    case 'truncated':
      socket.write(head(real.status, real.headers, real.body.length));
      finish(socket, real.body.subarray(0, Math.floor(real.body.length / 2)), () => socket.destroy());
      return;
    case 'trickle':
      socket.write(head(real.status, real.headers, real.body.length));
      return trickle(socket, real.body);
    case 'invalid-utf8': {
      const bad = withInvalidUtf8(real.body);
      socket.write(head(real.status, { ...real.headers, 'content-type': real.headers['content-type'] ?? 'application/json' }, bad.length));
      finish(socket, bad);
      return;
    }
    case 'content-length-over':
      // The socket stays open: the client waits for 100 bytes that never come.
      socket.write(head(real.status, real.headers, real.body.length + 100));
      socket.write(real.body);
      return;
    case 'content-length-under':
      socket.write(head(real.status, real.headers, Math.floor(real.body.length / 2)));
      finish(socket, real.body);
      return;
  }
}

function matches(o: ChaosOptions, req: IncomingMessage): boolean {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const prefix = o.pathPrefix.replace(/\/+$/, '');
  return req.method === o.method && (path === prefix || path.startsWith(`${prefix}/`));
}

export async function startChaosProxy(o: ChaosOptions): Promise<ChaosProxy> {
  const sabotaged: string[] = [];
  const abandoned: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer({ keepAlive: true }, (req, res) => {
    if (matches(o, req)) {
      const label = `${req.method} ${req.url}`;
      sabotaged.push(label);
      req.socket.once('close', () => finished.has(req.socket) || abandoned.push(label));
      // The response object is abandoned: everything from here on is written to the raw socket.
      sabotage(o.fault, o.upstream, req, req.socket).catch(() => req.socket.destroy());
      return;
    }
    readBody(req)
      .then((body) => forward(o.upstream, req, body))
      .then((up) => {
        const headers = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
        res.writeHead(up.status, headers).end(up.body);
      })
      .catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sabotaged,
    abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
