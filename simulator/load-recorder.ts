import type { z } from 'zod';
import { endpoint, representationModel, representationOf, type RepresentationName } from '../models/index.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../sut/client.ts';
import { parseJsonBounded } from '../support/json-depth.ts';
import { checkLatency, createLatencyHistogram, mergeHistograms, recordMs, type LatencyHistogram } from './histogram.ts';
import { LatencyTimeline } from './latency-timeline.ts';
import type { Operation } from './load-mix.ts';

// What a load run measures, whichever model drives it: an HDR histogram of every latency (overall and per
// operation), status counts, a per-second timeline, and a sample of responses validated against the Zod model of
// their endpoint and form — conformance under load.

export interface ValidationError {
  operation: string;
  status: number;
  message: string;
}

export interface OperationStats {
  histogram: LatencyHistogram;
  requests: number;
  errors: number;
  /** Requests answered with a status, and the non-2xx ones by status (mix-problems.ts). */
  answers: number;
  non2xx: Record<string, number>;
}

export const KEPT_VALIDATION_ERRORS = 5;
/** Latencies noted before they go into their histograms in one batch. */
const PENDING_LATENCIES = 4096;

export class LoadRecorder {
  readonly perOperation = new Map<string, OperationStats>();
  readonly statusCodes: Record<string, number> = {};
  /** Completed requests and errors (non-2xx or transport) per whole second since the start. */
  readonly timeline: { requests: number; errors: number }[] = [];
  /** Each second's p50 and p99, of the responses that completed in it. */
  readonly latencyTimeline = new LatencyTimeline();
  total = 0;
  non2xx = 0;
  /** Transport failures: refused, reset, timed out. */
  transportErrors = 0;
  /** Transport failures by what went wrong, for a run that must say why nothing completed. */
  readonly failureReasons: Record<string, number> = {};
  readonly validation = { sampled: 0, valid: 0, invalid: 0, errors: [] as ValidationError[] };
  private seen = 0;
  private readonly queued: { op: Operation; status: number; body: string | undefined }[] = [];
  /** Latencies not yet in their histograms, and whose: recorded in batches, off the response path. */
  private readonly pendingMs = new Float64Array(PENDING_LATENCIES);
  private readonly pendingOf: OperationStats[] = [];
  private readonly pendingSecond = new Uint32Array(PENDING_LATENCIES);

  constructor(
    private readonly startedAt: number,
    private readonly validateEvery: number,
    /** Bytes of a body validation reads at most (larger ones are drained, not kept): the checks' own cap. */
    readonly bodyCap = DEFAULT_MAX_BODY_BYTES,
  ) {}

  /** Every latency of the run: the operations' histograms added up when asked, so a response is recorded once. */
  get overall(): LatencyHistogram {
    this.recordPending();
    return mergeHistograms([...this.perOperation.values()].map((s) => s.histogram));
  }

  /**
   * Puts the latencies kept since the last batch into their histograms. A response only notes its latency
   * (issue 16): an HDR record is a dozen calls, and while they are not yet optimised, early in a run, they
   * cost the generator more than the rest of a response's handling.
   */
  private recordPending(): void {
    const n = this.pendingOf.length;
    for (let i = 0; i < n; i++) {
      recordMs(this.pendingOf[i]!.histogram, this.pendingMs[i]!);
      this.latencyTimeline.record(this.pendingSecond[i]!, this.pendingMs[i]!);
    }
    this.pendingOf.length = 0;
  }

  private stats(op: Operation): OperationStats {
    let s = this.perOperation.get(op.id);
    if (!s) this.perOperation.set(op.id, (s = { histogram: createLatencyHistogram('us'), requests: 0, errors: 0, answers: 0, non2xx: {} }));
    return s;
  }

  private secondOf(now: number): number {
    const i = Math.max(0, Math.floor((now - this.startedAt) / 1000));
    while (this.timeline.length <= i) this.timeline.push({ requests: 0, errors: 0 });
    return i;
  }

  /** Whether the next response should be validated (every Nth; never when N is 0). */
  sampleNext(): boolean {
    return this.validateEvery > 0 && ++this.seen % this.validateEvery === 0;
  }

  /** A completed response; `now` is performance.now() at its end. */
  response(op: Operation, status: number, latencyMs: number, now: number): void {
    const s = this.stats(op);
    const second = this.secondOf(now);
    const bucket = this.timeline[second]!;
    checkLatency(latencyMs); // refused at once, naming the response's value, not in a later batch
    this.pendingMs[this.pendingOf.length] = latencyMs;
    this.pendingSecond[this.pendingOf.length] = second;
    if (this.pendingOf.push(s) === PENDING_LATENCIES) this.recordPending();
    this.total++;
    s.requests++;
    s.answers++;
    bucket.requests++;
    this.statusCodes[status] = (this.statusCodes[status] ?? 0) + 1;
    if (status < 200 || status > 299) {
      this.non2xx++;
      s.errors++;
      s.non2xx[status] = (s.non2xx[status] ?? 0) + 1;
      bucket.errors++;
    }
  }

  /** A request that got no response; it counts as a request and an error, with no latency. */
  failure(op: Operation | undefined, now: number, reason = 'request failed'): void {
    this.total++;
    this.transportErrors++;
    this.failureReasons[reason] = (this.failureReasons[reason] ?? 0) + 1;
    this.timeline[this.secondOf(now)]!.errors++;
    if (op) {
      const s = this.stats(op);
      s.requests++;
      s.errors++;
    }
  }

  /** Responses that completed with a status (non-2xx included), whatever their body. */
  get completed(): number {
    return this.total - this.transportErrors;
  }

  /**
   * Queues one sampled response for validation, done once the event loop is free (setImmediate): parsing and
   * checking a body never holds up the next request of the connection that brought it, nor the latency of
   * the response itself (issue 16). `body` is undefined when it was over the cap validation reads.
   */
  validateLater(op: Operation, status: number, body: string | undefined): void {
    this.queued.push({ op, status, body });
    if (this.queued.length === 1) setImmediate(() => this.settle());
  }

  /** Records every kept latency and validates every queued response now: call it before reading the results. */
  settle(): void {
    this.recordPending();
    for (const { op, status, body } of this.queued.splice(0)) this.validate(op, status, body);
  }

  /**
   * Validates one sampled response against the success model of its endpoint and form; `body` is undefined when
   * it was over the cap validation reads (so it was not kept).
   */
  validate(op: Operation, status: number, body: string | undefined): void {
    this.validation.sampled++;
    const e = endpoint(op.endpointId);
    const problem = (() => {
      if (status !== e.success.status) return `status ${status}, not the documented success ${e.success.status}`;
      if (body === undefined) return `the body is over the ${this.bodyCap}-byte cap the checks apply, so it was not read`;
      const name = e.success.representation;
      const model = modelOf(op);
      if (!model) return undefined;
      let json: unknown;
      try {
        json = parseJsonBounded(body);
      } catch (error) {
        return `the body is not JSON (${(error as Error).message})`;
      }
      const parsed = model.safeParse(json);
      if (parsed.success) return undefined;
      const issue = parsed.error.issues[0]!;
      return `not a valid ${name} (${issue.path.join('.') || '(root)'}: ${issue.message})`;
    })();
    if (problem === undefined) {
      this.validation.valid++;
      return;
    }
    this.validation.invalid++;
    if (this.validation.errors.length < KEPT_VALIDATION_ERRORS) this.validation.errors.push({ operation: op.id, status, message: problem });
  }
}

/**
 * The model a successful answer to the operation must match — its endpoint's representation, in its form — with
 * the name a report and a k6 export give it (`Consulta.full`); undefined when the row names no model.
 */
export function responseModel(op: Operation): { representation: RepresentationName; key: string; model: z.ZodType } | undefined {
  const name = endpoint(op.endpointId).success.representation;
  const form = op.form ? representationOf(op.form) : 'full';
  const model = name ? representationModel(name, form) : undefined;
  return name && model ? { representation: name, key: `${name}.${form}`, model } : undefined;
}

const modelOf = (op: Operation): z.ZodType | undefined => responseModel(op)?.model;

/**
 * Builds the model of every operation's answer, and has zod compile its parsers, before a run's clock starts:
 * done on a first sample instead, it stalled every connection for 150 ms and more (issue 16).
 */
export function prepareValidation(ops: readonly Operation[]): void {
  for (const op of ops) for (const probe of [{}, [], { _entries: [{}] }]) modelOf(op)?.safeParse(probe);
}
