import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the tests' local proxies share: reading a whole message body, forwarding headers, and listening on a
// free loopback port.

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** A message's headers as one string each, minus the hop-by-hop ones a proxy must not forward. */
export function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export async function readBody(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Listens on 127.0.0.1 and a free port; gives back the server's base URL. */
export function listenLocal(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}
