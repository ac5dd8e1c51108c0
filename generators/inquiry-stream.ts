import type { ConsultaInput } from '../models/index.ts';
import { arrivals, type ArrivalSpec } from './arrivals.ts';
import { createInquiryGenerator, type InquiryGenerator, type InquiryGeneratorOptions } from './inquiry.ts';

// Arrivals + inquiries: a pull-based stream of {at, consulta}. Nothing is buffered, so a million-inquiry run
// holds one inquiry at a time; the consumer (the simulator's scheduler) decides when each is actually sent.

export interface TimedInquiry {
  /** 0-based position in the stream. */
  index: number;
  /** Intended send time, ms from the start of the run. */
  at: number;
  /** startEpochMs + at: the instant written into Momento. */
  momentMs: number;
  consulta: ConsultaInput;
}

export interface InquiryStreamParts {
  arrivals: Iterable<number>;
  generator: InquiryGenerator;
  /** Epoch ms of offset 0; Momento of each inquiry is this plus its offset. */
  startEpochMs: number;
}

/** Both sync and async iterable; the async side yields to the event loop now and then so sockets keep moving. */
export interface InquiryStream extends Iterable<TimedInquiry>, AsyncIterable<TimedInquiry> {}

const YIELD_EVERY = 256;

export function inquiryStream(parts: InquiryStreamParts): InquiryStream {
  function* sync(): Generator<TimedInquiry, void, undefined> {
    let index = 0;
    for (const at of parts.arrivals) {
      const momentMs = parts.startEpochMs + at;
      yield { index, at, momentMs, consulta: parts.generator.next(momentMs) };
      index++;
    }
  }
  // One underlying iterator: iterating twice would otherwise replay or split the arrivals unpredictably.
  const items = sync();
  return {
    [Symbol.iterator]: () => items,
    async *[Symbol.asyncIterator]() {
      for (const item of items) {
        yield item;
        if ((item.index + 1) % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}

export interface SimulatedInquiriesOptions {
  seed: number;
  arrival: ArrivalSpec;
  count?: number;
  durationMs?: number;
  startEpochMs: number;
  /** Everything of the inquiry generator but its seed, which is derived from `seed`. */
  inquiry?: Omit<InquiryGeneratorOptions, 'seed'>;
}

/** The usual composition: one seed drives both the arrivals and the inquiries (through independent sub-streams). */
export function simulatedInquiries(o: SimulatedInquiriesOptions): InquiryStream {
  return inquiryStream({
    arrivals: arrivals(o.arrival, { seed: o.seed, count: o.count, durationMs: o.durationMs }),
    generator: createInquiryGenerator({ ...o.inquiry, seed: o.seed }),
    startEpochMs: o.startEpochMs,
  });
}
