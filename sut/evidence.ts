import { z } from 'zod';
import { departureSchema } from './departure.ts';

// What a check leaves behind for the reports: the exchange it judged (secrets already redacted), the
// coverage cells it exercised, and for properties the fast-check replay data. Carried on task.meta.

export const exchangeSchema = z.object({
  method: z.string(),
  url: z.string(),
  /** The request as a curl command line, secret header values redacted. */
  curl: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().optional(),
  status: z.number().int().optional(),
  responseHeaders: z.record(z.string(), z.string()).default({}),
  /** The first bytes of the response body, as text. */
  bodyExcerpt: z.string().default(''),
  durationMs: z.number().nonnegative(),
  /** When it was sent (epoch ms): evidence is shown in the order it was sent. */
  sentAt: z.number().optional(),
  /** The exchange that shows the failure (a check's evidence may hold others before or after it). */
  failed: z.boolean().optional(),
  /** A transport failure (timeout, reset, oversize, bad JSON) instead of, or after, a status. */
  error: z.string().optional(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

/** A webhook delivery a check judged (issue 23 §2): when it arrived, where, its headers and body (secrets redacted). */
export const deliveryEvidenceSchema = z.object({
  receivedAt: z.string(),
  /** The callback path it arrived on: the suites name each after the app and topic it was configured for. */
  callback: z.string(),
  headers: z.record(z.string(), z.string()),
  bodyExcerpt: z.string(),
  /** How its signature verified, when the profile names a scheme. */
  signature: z.string().optional(),
});
export type DeliveryEvidence = z.infer<typeof deliveryEvidenceSchema>;

export const coverageCellSchema = z.object({
  endpoint: z.string(),
  /** A status code as a string ("404"), or a media form ("media:ref"). */
  cell: z.string(),
  outcome: z.enum(['exercised', 'failed']),
});
export type CoverageCell = z.infer<typeof coverageCellSchema>;

export const propertyReplaySchema = z.object({
  seed: z.number().int(),
  path: z.string().optional(),
  counterexample: z.string().optional(),
  numRuns: z.number().int().optional(),
});

export const checkMetaSchema = z.object({
  ruleId: z.string(),
  level: z.enum(['must', 'profile', 'observe']),
  section: z.string(),
  endpoint: z.string().optional(),
  statement: z.string(),
  /** Exchanges worth showing, in the order they were sent: for a failure the one that shows it marked `failed`. */
  exchanges: z.array(exchangeSchema).default([]),
  coverage: z.array(coverageCellSchema).default([]),
  property: propertyReplaySchema.optional(),
  /** For observe rules: what the target did, in one line. */
  observation: z.string().optional(),
  /** A stateful failure's shrunk command sequence, replayable by `vmp-conformance replay`. */
  commands: z.array(z.string()).optional(),
  /** Webhook deliveries a delivery rule judged, in the order they arrived. */
  deliveries: z.array(deliveryEvidenceSchema).optional(),
  /** Instances of the statement the check judged (suites/harness/check.ts): a pass always has at least one. */
  instances: z.number().int().nonnegative().optional(),
  /** What the target did where the check failed (sut/departure.ts): the failure's cause. */
  departure: departureSchema.optional(),
});
export type CheckMeta = z.infer<typeof checkMetaSchema>;

/** The exchange that shows a failure: the one marked so, else (evidence recorded before the mark) the last. */
export const failingExchange = (exchanges: readonly Exchange[]): Exchange | undefined => exchanges.find((x) => x.failed) ?? exchanges.at(-1);
