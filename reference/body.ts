import type { IncomingMessage } from 'node:http';
import { REQUEST_MEDIA_TYPES, essence } from '../models/index.ts';

// Request bodies: capped (over the cap → 413) and, where a row takes one, JSON sent as application/json or
// text/json (Endpoints: "body AgenciaCreate (application/json or text/json)").

export type BodyRead =
  | { kind: 'ok'; bytes: Buffer }
  | { kind: 'too-large' /** The client is still sending far past the cap: answer and close. */; abandon: boolean }
  | { kind: 'aborted' };

/** An oversize body is read and dropped up to this multiple of the cap, so the client gets to read the 413. */
const DRAIN_FACTOR = 8;

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit * DRAIN_FACTOR) return Promise.resolve({ kind: 'too-large', abandon: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BodyRead) => {
      req.removeAllListeners('data');
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit * DRAIN_FACTOR) done({ kind: 'too-large', abandon: true });
      else if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => done(size > limit ? { kind: 'too-large', abandon: false } : { kind: 'ok', bytes: Buffer.concat(chunks) }));
    req.on('error', () => done({ kind: 'aborted' }));
    req.on('aborted', () => done({ kind: 'aborted' }));
  });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 415; message: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Deeper bodies are refused: validating or serializing them would exhaust the stack. No resource nests near it. */
export const MAX_BODY_DEPTH = 64;

/** The nesting depth of a parsed JSON value, walked without recursion. */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    max = Math.max(max, depth);
    if (max > MAX_BODY_DEPTH) return max;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return max;
}

export function parseJsonBody(bytes: Buffer, contentType: string | undefined): JsonBody {
  // No Content-Type is read as JSON; any other type is refused.
  if (contentType !== undefined && !(REQUEST_MEDIA_TYPES as readonly string[]).includes(essence(contentType))) {
    return { ok: false, status: 415, message: `send the body as ${REQUEST_MEDIA_TYPES.join(' or ')}` };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, status: 400, message: 'the body is not valid UTF-8' };
  }
  if (text.trim() === '') return { ok: false, status: 400, message: 'a JSON body is required' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, status: 400, message: `the body is not valid JSON: ${(error as Error).message}` };
  }
  if (depthOf(value) > MAX_BODY_DEPTH) return { ok: false, status: 400, message: `the body nests deeper than ${MAX_BODY_DEPTH} levels` };
  return { ok: true, value };
}
