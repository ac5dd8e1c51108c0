// Reading request bodies and writing replies with node:http.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ValidationFailure, type Reply } from './reply.ts';

const BODY_LIMIT = 1024 * 1024;

export async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > BODY_LIMIT) throw new ValidationFailure({ _: ['el cuerpo supera 1 MiB'] });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** A JSON request body sent as application/json or text/json (the rows' request media types). */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const raw = await readRaw(req);
  if (mediaType !== 'application/json' && mediaType !== 'text/json') {
    throw new ValidationFailure({ _: ['el cuerpo debe enviarse como application/json o text/json'] });
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new ValidationFailure({ _: ['el cuerpo no es JSON válido'] });
  }
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: Buffer | undefined;
  if ((reply.body !== undefined || reply.raw) && reply.status !== 204 && reply.status !== 304) {
    payload = reply.raw ?? Buffer.from(JSON.stringify(reply.body), 'utf8');
    headers['Content-Type'] = `${reply.contentType ?? 'application/json'}; charset=utf-8`;
  }
  if (reply.status !== 204 && reply.status !== 304) headers['Content-Length'] = String(payload?.length ?? 0);
  res.writeHead(reply.status, headers);
  res.end(payload);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
