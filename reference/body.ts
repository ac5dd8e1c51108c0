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
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: not governed by the spec: HTTP/1.1 message framing (RFC 9112: a body's Content-Length or chunked coding), which the run's client sends one way
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  // Stryker disable next-line StringLiteral: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
  const declared = Number(req.headers['content-length']);
  // Stryker disable next-line ArithmeticOperator,BooleanLiteral,ConditionalExpression,EqualityOperator: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
  if (Number.isFinite(declared) && declared > limit * DRAIN_FACTOR) return Promise.resolve({ kind: 'too-large', abandon: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BodyRead) => {
      // Stryker disable next-line StringLiteral: not governed by the spec: a listener left once the body is read changes no answer
      req.removeAllListeners('data');
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      // Stryker disable next-line AssignmentOperator: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
      size += chunk.length;
      // Stryker disable next-line ArithmeticOperator,BooleanLiteral,ConditionalExpression,EqualityOperator: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
      if (size > limit * DRAIN_FACTOR) return done({ kind: 'too-large', abandon: true });
      // Stryker disable next-line ConditionalExpression,EqualityOperator: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
      if (size <= limit) chunks.push(chunk);
    });
    // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
    req.on('end', () => done(size > limit ? { kind: 'too-large', abandon: false } : { kind: 'ok', bytes: Buffer.concat(chunks) }));
    // Stryker disable next-line ArrowFunction,StringLiteral: not governed by the spec: a request the client has stopped sending gets no answer it can read
    req.on('error', () => done({ kind: 'aborted' }));
    // Stryker disable next-line ArrowFunction,StringLiteral: not governed by the spec: a request the client has stopped sending gets no answer it can read
    req.on('aborted', () => done({ kind: 'aborted' }));
  });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 415; message: string };

// Stryker disable next-line BooleanLiteral,ObjectLiteral,StringLiteral: Conventions: "Wire format: JSON" (RFC 8259 section 8.1 binds what a sender encodes; how a server reads bytes that are no UTF-8 is not shown)
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Deeper bodies are refused: validating or serializing them would exhaust the stack. No resource nests near it. */
export const MAX_BODY_DEPTH = 64;

/** The nesting depth of a parsed JSON value, walked without recursion. */
function depthOf(value: unknown): number {
  let max = 0;
  // Stryker disable next-line ArrayDeclaration: Other resources: "Fields of these, other than AdminMail: not shown" (how deep a body may nest; no resource nests near this server's bound)
  const stack: [unknown, number][] = [[value, 1]];
  // Stryker disable next-line BlockStatement,EqualityOperator: Other resources: "Fields of these, other than AdminMail: not shown" (how deep a body may nest; no resource nests near this server's bound)
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    // Stryker disable next-line MethodExpression: Other resources: "Fields of these, other than AdminMail: not shown" (how deep a body may nest; no resource nests near this server's bound)
    max = Math.max(max, depth);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Other resources: "Fields of these, other than AdminMail: not shown" (how deep a body may nest; no resource nests near this server's bound)
    if (max > MAX_BODY_DEPTH) return max;
    // Stryker disable next-line ArithmeticOperator: Other resources: "Fields of these, other than AdminMail: not shown" (how deep a body may nest; no resource nests near this server's bound)
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return max;
}

export function parseJsonBody(bytes: Buffer, contentType: string | undefined): JsonBody {
  // No Content-Type is read as JSON; any other type is refused.
  // Stryker disable next-line ConditionalExpression: Endpoints: "body AgenciaCreate (application/json or text/json)" (how a body sent with no Content-Type is read is not shown)
  if (contentType !== undefined && !(REQUEST_MEDIA_TYPES as readonly string[]).includes(essence(contentType))) {
    // Stryker disable next-line StringLiteral: Errors: "Detail | string | human-readable explanation" (its words are not shown)
    return { ok: false, status: 415, message: `send the body as ${REQUEST_MEDIA_TYPES.join(' or ')}` };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    // Stryker disable next-line StringLiteral: Errors: "map from property name to an array of message strings" (the messages are not shown)
    return { ok: false, status: 400, message: 'the body is not valid UTF-8' };
  }
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: Errors: "map from property name to an array of message strings" (the messages are not shown; a blank body is no JSON either way)
  if (text.trim() === '') return { ok: false, status: 400, message: 'a JSON body is required' };
  let value: unknown;
  // A directive attaches to the node a comment leads, and none leads a catch clause: the refusing block is disabled
  // from here to the restore below, and the parsing block (on the try's line) restored.
  // Stryker disable BlockStatement: Errors: "400 | validation failed" (a body that is no JSON is refused with 400 either way: the handlers refuse what is no object)
  // Stryker restore next-line BlockStatement
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Stryker disable next-line StringLiteral: Errors: "map from property name to an array of message strings" (the messages are not shown)
    return { ok: false, status: 400, message: `the body is not valid JSON: ${(error as Error).message}` };
  }
  // Stryker restore BlockStatement
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: Other resources: "Fields of these, other than AdminMail: not shown" (how deep a body may nest; no resource nests near this server's bound)
  if (depthOf(value) > MAX_BODY_DEPTH) return { ok: false, status: 400, message: `the body nests deeper than ${MAX_BODY_DEPTH} levels` };
  return { ok: true, value };
}
