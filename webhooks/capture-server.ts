import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrng } from '../generators/prng.ts';
import { ByteBudget } from './byte-budget.ts';
import { momentoAt } from './delivery-info.ts';
import { deliveryLine, parseBody, type Delivery } from './delivery.ts';
import { JsonlLog, type Durability } from './jsonl-log.ts';
import { verifySignature, type SignatureConfig } from './signature.ts';

export type { Delivery } from './delivery.ts';

// A webhook capture server, like `stripe listen`: accepts POSTs on any path (the path names the app), records
// each delivery with its raw bytes, and answers only after the record is durable, so a 2xx is a promise kept even
// through kill -9. Fault injection (fail rate, fixed status, delay) lets an experiment watch the target's retries.
// Memory is bounded whatever the senders do (issue 13, item 8; issue 22, defects 5 and 6): a body over the limit
// is refused (413); a body larger than a webhook payload reserves its size in a byte budget (byte-budget.ts)
// before more of it is read, so the bodies in flight stay within it and the rest wait, unread, while one that
// trickles holds nothing (and one that slows down once it holds the budget is cut); headers and bodies have
// deadlines; at most MAX_CONNECTIONS senders at once; and what deliveries() keeps is bounded in bytes,
// deliveries without a valid signature (when a scheme is declared) on a budget of their own, so a flood of
// forged ones cannot push out the target's.

/** A request answered without being recorded as a delivery. */
export interface UnrecordedRequest {
  method: string;
  path: string;
  /**
   * 200: a GET/HEAD probe (some senders check a URL before saving it); 405: another method; 413: body too large;
   * 408: a body that came too slowly once it held the budget.
   */
  status: 200 | 405 | 408 | 413;
  bytes: number;
}

export interface CaptureOptions {
  /** 0 (default) picks an ephemeral port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** JSONL file each delivery is appended to before it is answered; omitted: memory only. */
  out?: string;
  /** 'fdatasync' (default) survives a machine crash; 'write' survives a process crash (kill -9) only. */
  durability?: Durability;
  /** Larger bodies are answered 413 and not recorded; default 1 MiB. */
  bodyLimitBytes?: number;
  /**
   * Body bytes being received, recorded and written at once (each costs several times its size on the way to
   * the file); default 8 MiB, and never below bodyLimitBytes. Deliveries beyond it wait, unread.
   */
  inFlightBytes?: number;
  /** Probability (0..1) of answering 500 instead of 200, drawn from a PRNG seeded with `seed`. */
  failRate?: number;
  /** Seed of failRate's draws. */
  seed?: number;
  /** Extra wait after the record is durable and before answering. */
  delayMs?: number;
  /** Answer every delivery with this status (after recording it). */
  status?: 410 | 429;
  /** The scheme each delivery's signature is verified with (`Delivery.signature`); null or absent: not-configured. */
  signature?: SignatureConfig | null;
  /** Standard Webhooks timestamp tolerance; null disables it. */
  signatureToleranceSec?: number | null;
  /** Where the Consulta sits in a payload (profile webhooks.consultaPointer), for the default latency. */
  consultaPointer?: string | null;
  /**
   * Latency of a delivery in ms. Default: receipt time minus the Consulta's Momento (whole seconds, so coarse);
   * the simulator passes its own, measured from the moment it injected the inquiry.
   */
  latencyOf?: (d: Omit<Delivery, 'latencyMs'>, receivedAtMs: number) => number | undefined;
  /** How many deliveries deliveries() keeps (oldest dropped first); default DEFAULT_RETAIN. The file keeps everything. */
  retain?: number;
  /**
   * How many body bytes the deliveries deliveries() keeps may hold (the largest bodies dropped first, then the
   * oldest); default DEFAULT_RETAIN_BYTES. Those without a valid signature, when a scheme is declared, keep at most
   * an eighth of it.
   */
  retainBytes?: number;
  /** Told of each delivery once it is recorded. */
  onDelivery?: (d: Delivery) => void;
  /** Told of each request answered without being recorded (probes, other methods, bodies too large or too slow). */
  onUnrecorded?: (r: UnrecordedRequest) => void;
  /** A write to the JSONL file failed; the delivery was answered 500, not acknowledged. */
  onError?: (error: Error) => void;
}

export interface CaptureServer {
  url: string;
  port: number;
  deliveries(): readonly Delivery[];
  /** Deliveries received and numbered so far, including those deliveries() no longer retains. */
  count(): number;
  /** Resolves once predicate holds over the recorded deliveries; rejects after timeoutMs. */
  waitFor(predicate: (deliveries: readonly Delivery[]) => boolean, timeoutMs: number): Promise<readonly Delivery[]>;
  close(): Promise<void>;
}

/** A bad option of startCaptureServer, or a wait that timed out or outlived the server (`code` says which). */
export class CaptureError extends Error {
  constructor(
    message: string,
    readonly code: 'VMP_ERR_CAPTURE_OPTION' | 'VMP_ERR_CAPTURE_TIMEOUT' | 'VMP_ERR_CAPTURE_CLOSED',
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_IN_FLIGHT_BYTES = 8 * 1024 * 1024;
export const DEFAULT_RETAIN = 10_000;
export const DEFAULT_RETAIN_BYTES = 8 * 1024 * 1024;
/** A body is read this far without a reservation: a webhook payload's worth (an inquiry's is about 2 KB). */
export const UNRESERVED_BODY_BYTES = 16 * 1024;
/** What those first bytes of every body being read may hold in all: 256 bodies; more reserve in the budget. */
export const UNRESERVED_POOL_BYTES = 4 * 1024 * 1024;
/** A body holding the budget must arrive at least this fast (plus 2 s), or it is cut with 408. */
export const MIN_BODY_BYTES_PER_SEC = 64 * 1024;
/** A sender's headers must be complete within this, and its whole request within REQUEST_TIMEOUT_MS. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Senders connected at once; more are refused (a connection costs little while it is not read). */
export const MAX_CONNECTIONS = 4_096;

function checkOptions(o: CaptureOptions): void {
  const bad = (m: string) => new CaptureError(m, 'VMP_ERR_CAPTURE_OPTION');
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0 && o.port <= 65535))
    throw bad(`port must be an integer from 0 to 65535, got ${o.port}`);
  if (o.bodyLimitBytes !== undefined && !(Number.isInteger(o.bodyLimitBytes) && o.bodyLimitBytes > 0))
    throw bad(`bodyLimitBytes must be a positive integer, got ${o.bodyLimitBytes}`);
  if (o.inFlightBytes !== undefined && !(Number.isInteger(o.inFlightBytes) && o.inFlightBytes > 0))
    throw bad(`inFlightBytes must be a positive integer, got ${o.inFlightBytes}`);
  if (o.failRate !== undefined && !(o.failRate >= 0 && o.failRate <= 1)) throw bad(`failRate must be a number from 0 to 1, got ${o.failRate}`);
  if (o.delayMs !== undefined && !(Number.isFinite(o.delayMs) && o.delayMs >= 0)) throw bad(`delayMs must be a non-negative number, got ${o.delayMs}`);
  if (o.status !== undefined && o.status !== 410 && o.status !== 429) throw bad(`status must be 410 or 429, got ${String(o.status)}`);
  if (o.retain !== undefined && !(o.retain >= 0)) throw bad(`retain must be non-negative, got ${o.retain}`);
  if (o.retainBytes !== undefined && !(o.retainBytes >= 0)) throw bad(`retainBytes must be non-negative, got ${o.retainBytes}`);
}

type Kept = 'small' | 'large' | 'suspect';

/**
 * The deliveries deliveries() keeps, oldest dropped first past a count or a number of body bytes. Bodies larger
 * than a webhook payload go first, so a flood of them does not push out the target's small ones; deliveries not
 * taken for the target's (no valid signature where a scheme is declared) have an eighth of the bytes to
 * themselves, so a flood of those pushes out only their own kind.
 */
class Retained {
  private readonly entries = new Map<number, { delivery: Delivery; bytes: number; kind: Kept }>();
  /** Sequence numbers of each kind, oldest first. */
  private readonly queues: Record<Kept, number[]> = { small: [], large: [], suspect: [] };
  private readonly bytes: Record<Kept, number> = { small: 0, large: 0, suspect: 0 };
  private view: Delivery[] | undefined;

  constructor(
    private readonly count: number,
    private readonly maxBytes: number,
  ) {}

  add(delivery: Delivery, bytes: number, genuine: boolean): void {
    const kind: Kept = !genuine ? 'suspect' : bytes > UNRESERVED_BODY_BYTES ? 'large' : 'small';
    this.entries.set(delivery.seq, { delivery, bytes, kind });
    this.queues[kind].push(delivery.seq);
    this.bytes[kind] += bytes;
    this.view = undefined;
    while (this.bytes.suspect > this.maxBytes / 8) this.drop('suspect');
    while (this.bytes.small + this.bytes.large > this.maxBytes) this.drop(this.bytes.large > 0 ? 'large' : 'small');
    while (this.entries.size > this.count) this.drop(this.oldestKind());
  }

  all(): Delivery[] {
    this.view ??= [...this.entries.values()].map((e) => e.delivery);
    return this.view;
  }

  private oldestKind(): Kept {
    const heads = (Object.keys(this.queues) as Kept[]).filter((k) => this.queues[k].length > 0);
    return heads.reduce((a, b) => (this.queues[a][0]! <= this.queues[b][0]! ? a : b));
  }

  private drop(kind: Kept): void {
    const seq = this.queues[kind].shift();
    const gone = seq === undefined ? undefined : this.entries.get(seq);
    if (!gone) return;
    this.entries.delete(seq!);
    this.bytes[kind] -= gone.bytes;
  }
}

function reply(res: ServerResponse, status: number, body: object, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

/** Starts a webhook capture server (what `vmp-conformance capture` runs): every delivery is recorded, and appended to `out`, before it is acknowledged. */
export async function startCaptureServer(options: CaptureOptions = {}): Promise<CaptureServer> {
  checkOptions(options);
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const budget = new ByteBudget(Math.max(limit, options.inFlightBytes ?? DEFAULT_IN_FLIGHT_BYTES));
  const pool = new ByteBudget(UNRESERVED_POOL_BYTES);
  const retain = options.retain ?? DEFAULT_RETAIN;
  // Never below the body limit: a delivery it accepts is kept, at least until the next.
  const retainBytes = Math.max(limit, options.retainBytes ?? DEFAULT_RETAIN_BYTES);
  const failPrng = createPrng(options.seed ?? 1);
  const log = options.out ? await JsonlLog.open(options.out, options.durability) : null;
  const kept = new Retained(retain, retainBytes);
  const waiters = new Set<() => void>();
  let seq = 0;
  let closed = false;

  const latencyOf =
    options.latencyOf ??
    ((d: Omit<Delivery, 'latencyMs'>, receivedAtMs: number) => {
      const momento = momentoAt(d.json, options.consultaPointer ?? null);
      return momento === undefined ? undefined : receivedAtMs - momento;
    });

  function statusFor(): number {
    if (options.status) return options.status;
    // Drawn for every delivery, even at rate 0, so the fault pattern depends only on seed and arrival order.
    const roll = failPrng.next();
    return roll < (options.failRate ?? 0) ? 500 : 200;
  }

  function unrecorded(req: IncomingMessage, res: ServerResponse, status: UnrecordedRequest['status'], bytes: number): void {
    options.onUnrecorded?.({ method: req.method ?? '', path: req.url ?? '', status, bytes });
    if (status === 200) return reply(res, 200, { capture: 'POST deliveries to any path' });
    if (status === 405) return reply(res, 405, { error: 'only POST is captured' }, { allow: 'GET, HEAD, POST' });
    // Connection: close, because the rest of the body is never read.
    if (status === 408) reply(res, 408, { error: 'body too slow' }, { connection: 'close' });
    else reply(res, 413, { error: `body over ${limit} bytes` }, { connection: 'close' });
  }

  async function record(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const receivedAtMs = Date.now();
    const body = parseBody(raw);
    const check = verifySignature(options.signature, req.headers, raw, { nowMs: receivedAtMs, toleranceSec: options.signatureToleranceSec });
    const base: Omit<Delivery, 'latencyMs'> = {
      seq: ++seq,
      receivedAt: new Date(receivedAtMs).toISOString(),
      method: req.method ?? 'POST',
      path: req.url ?? '/',
      headers: req.headers,
      rawBodyBase64: raw.toString('base64'),
      json: body.json,
      signature: check.status,
      ...(check.detail === undefined ? {} : { signatureDetail: check.detail }),
      status: statusFor(),
    };
    const latencyMs = latencyOf(base, receivedAtMs);
    const delivery: Delivery = latencyMs === undefined ? base : { ...base, latencyMs };
    if (log) {
      try {
        await log.append(deliveryLine(delivery, body.text));
      } catch (error) {
        // Not durable, so not acknowledged: the target will retry and nothing is lost.
        options.onError?.(error as Error);
        reply(res, 500, { error: 'capture could not store the delivery' });
        return;
      }
    }
    kept.add(delivery, raw.length, options.signature ? delivery.signature === 'valid' : true);
    try {
      options.onDelivery?.(delivery);
    } catch (error) {
      // The delivery is durable: a failing observer must not turn its 2xx into a retry and a duplicate.
      options.onError?.(error as Error);
    }
    for (const wake of waiters) wake();
    if (options.delayMs) await sleep(options.delayMs);
    reply(res, delivery.status, { seq: delivery.seq }, delivery.status === 429 ? { 'retry-after': '1' } : {});
  }

  const server = createServer(
    // Node checks these deadlines every connectionsCheckingInterval (30 s by default): once a second here.
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      if (req.method !== 'POST') {
        req.resume();
        return unrecorded(req, res, req.method === 'GET' || req.method === 'HEAD' ? 200 : 405, 0);
      }
      const declared = Number(req.headers['content-length'] ?? Number.NaN);
      if (declared > limit) return unrecorded(req, res, 413, declared);
      receive(req, res, Number.isSafeInteger(declared) && declared >= 0 ? declared : limit);
    },
  );
  server.maxConnections = MAX_CONNECTIONS;

  /**
   * Reads a body of at most `needs` bytes. A webhook payload's worth (UNRESERVED_BODY_BYTES) is read at once on
   * the small pool; past it — or at once, when the pool is full — the body stops being read until it holds
   * `needs` in the budget (until the answer is out or the sender gave up, even while queued), and must then
   * arrive at MIN_BODY_BYTES_PER_SEC or be cut (408). A sender that trickles holds no budget, or not for long;
   * one that holds it finishes (no deadlock).
   */
  function receive(req: IncomingMessage, res: ServerResponse, needs: number): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    let closed = false;
    const share = Math.min(needs, UNRESERVED_BODY_BYTES);
    let pooled = pool.tryAcquire(share) ? share : 0;
    let reservation: 'none' | 'waiting' | 'held' = 'none';
    let cut: NodeJS.Timeout | undefined;
    res.once('close', () => {
      closed = true;
      clearTimeout(cut);
      if (pooled > 0) pool.release(pooled);
      if (reservation === 'held') budget.release(needs);
    });
    const reserve = () => {
      reservation = 'waiting';
      req.pause();
      void budget.acquire(needs).then(() => {
        reservation = 'held';
        if (closed) return budget.release(needs);
        if (pooled > 0) pool.release(pooled);
        pooled = 0;
        cut = setTimeout(
          () => {
            over = true;
            chunks.length = 0;
            unrecorded(req, res, 408, size);
          },
          2_000 + (needs / MIN_BODY_BYTES_PER_SEC) * 1_000,
        );
        req.resume();
      });
    };
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        unrecorded(req, res, 413, size);
        return;
      }
      chunks.push(chunk);
      if (reservation === 'none' && size > UNRESERVED_BODY_BYTES) reserve();
    });
    req.on('end', () => {
      clearTimeout(cut);
      if (over || res.headersSent) return;
      record(req, res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)).catch((error: unknown) => {
        // E.g. a throwing latencyOf: refused before it was stored, so the target's retry loses nothing.
        options.onError?.(error as Error);
        if (!res.headersSent) reply(res, 500, { error: 'capture failed' });
      });
    });
    if (pooled === 0) reserve();
    else req.resume();
  }
  // Webhook senders keep connections alive between deliveries; Node's 5 s default would churn them under load.
  server.keepAliveTimeout = 65_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await log?.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    deliveries: () => kept.all(),
    count: () => seq,
    waitFor(predicate, timeoutMs) {
      if (predicate(kept.all())) return Promise.resolve(kept.all());
      if (closed) return Promise.reject(new CaptureError('capture server is closed', 'VMP_ERR_CAPTURE_CLOSED'));
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => {
          if (closed) {
            done();
            reject(new CaptureError('capture server closed while waiting', 'VMP_ERR_CAPTURE_CLOSED'));
          } else if (predicate(kept.all())) {
            done();
            resolve(kept.all());
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new CaptureError(`no matching delivery within ${timeoutMs} ms (${seq} received)`, 'VMP_ERR_CAPTURE_TIMEOUT'));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const wake of waiters) wake();
      // In-flight deliveries (e.g. inside delayMs) get a moment to be answered; then connections are cut.
      const force = setTimeout(() => server.closeAllConnections(), 2_000);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(force);
      await log?.close();
    },
  };
}
