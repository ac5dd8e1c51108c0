import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// Tiny local servers for the client's transport tests: the handler gets the parsed request and its raw
// socket, and writes whatever it likes on it (wrong lengths, resets, bytes that are not UTF-8).

export interface TinyServer {
  url: string;
  /** Requests seen, as "METHOD /path?query". */
  readonly requests: string[];
  /** Body bytes the handler managed to write before the client hung up (handlers add to it). */
  written: number;
  close(): Promise<void>;
}

export type TinyHandler = (req: IncomingMessage, socket: Socket, server: TinyServer) => void;

export async function tinyServer(handler: TinyHandler): Promise<TinyServer> {
  const sockets = new Set<Socket>();
  // The response object is left alone: handlers write raw bytes, which node:http would not let them.
  const http = createServer((req) => {
    state.requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => handler(req, req.socket, state));
  });
  http.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const state: TinyServer = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    requests: [],
    written: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        http.close(() => resolve());
      }),
  };
  return state;
}

/** A raw HTTP/1.1 response head; `length` null sends a chunked body. */
export function head(status: number, length: number | null, headers: Record<string, string> = { 'content-type': 'application/json' }): string {
  const lines = [`HTTP/1.1 ${status} Tiny`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  lines.push(length === null ? 'transfer-encoding: chunked' : `content-length: ${length}`, 'connection: close');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** A complete JSON answer, and the connection closed after it. */
export function answer(socket: Socket, status: number, body: Buffer | string): void {
  socket.write(head(status, Buffer.byteLength(body)));
  socket.end(body);
}
