import type { IncomingHttpHeaders } from 'node:http';
import type { TargetClient } from '../client.ts';
import type { Fixtures } from '../discovery.ts';
import type { DraftProfile, Profile } from '../profile.ts';
import type { InferChanges } from './changes.ts';

// Inferring a target profile from what the target shows (issue 14): each module of this folder infers one family
// of keys by asking the target, never from our reference server's choices, and says how it knew, or, where it
// could not tell, a one-line hint on how to find the value. `init` writes what they found; `run` uses it for the
// keys its profile leaves out. Every module is a row of the table in infer.ts.

/** One key the target showed: its dotted profile path, its value and how it was told. */
export interface Finding {
  key: string;
  value: unknown;
  how: string;
  /**
   * Parts of the value no probe told from another reading (issue 21: inferred by behaviour, not by shape): by
   * dotted key (this key, or one below it such as catalogKeys.marcas.codename), why it is unverified.
   */
  unverified?: Record<string, string>;
}

/** One key the target did not show: why, and how a user would find it. */
export interface Hint {
  key: string;
  hint: string;
}

export interface Outcome {
  found: Finding[];
  hints: Hint[];
}

/** One webhook delivery a Receiver got: where it was sent, its headers and its bytes. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: unknown;
}

/** Where the target's webhook deliveries reach this process (the cli passes a capture server). */
export interface Receiver {
  /** The callback URL for `name`: a delivery to it arrives with a path ending in `/name`. */
  url(name: string): string;
  /** The first delivery that satisfies predicate, received already or within timeoutMs. */
  wait(predicate: (d: Received) => boolean, timeoutMs: number): Promise<Received | undefined>;
}

/** Signature schemes a delivery may be verified by (the simulator's verifier, handed in by the cli). */
export type SignatureVerifier = (config: NonNullable<Profile['webhooks']['signature']>, headers: IncomingHttpHeaders, raw: Buffer) => boolean;

export interface Probe {
  /** Sends with the profile inferred so far (provisional(): every missing key a placeholder or a default). */
  client: TargetClient;
  /** What the user gave, then what the modules before found: explicit values always win. */
  known: DraftProfile;
  readOnly: boolean;
  fixtures: Fixtures;
  /** Absent, with receiverWhy, when the target's deliveries cannot reach this process. */
  receiver?: Receiver;
  receiverWhy?: string;
  verify: SignatureVerifier;
  /** The signing secret given (--webhook-secret, or webhooks.signature.secret), to tell the scheme by. */
  secret?: string;
  /** A name for what this probing creates (invited e-mails, descriptions), as a run's runId. */
  runId: string;
  /** What the probing changed on the target, to put back when it ends. */
  changes: InferChanges;
  /** Fires on Ctrl-C: modules stop between requests. */
  signal?: AbortSignal;
  /** How long a webhook delivery may take. */
  deliveryMs: number;
}

/** One row of the table: the keys it infers, and how. */
export interface Inferrer {
  /** What it infers, for the console (`topics`, `catalogKeys`). */
  name: string;
  /** Dotted keys it can find; it runs only when one of them is missing from `known`. */
  keys: readonly string[];
  infer(p: Probe): Promise<Outcome>;
}

export const found = (key: string, value: unknown, how: string, unverified?: Record<string, string>): Finding => ({
  key,
  value,
  how,
  ...(unverified && Object.keys(unverified).length > 0 ? { unverified } : {}),
});
/** A finding no probe could verify: the value is a guess, said so wherever it is written. */
export const guessed = (key: string, value: unknown, how: string, why: string): Finding => found(key, value, how, { [key]: why });
export const hint = (key: string, text: string): Hint => ({ key, hint: text });
export const none: Outcome = { found: [], hints: [] };
export const outcome = (found: Finding[] = [], hints: Hint[] = []): Outcome => ({ found, hints });

/** The value at a dotted key of a profile (or undefined). */
export function valueAt(profile: unknown, key: string): unknown {
  let at: unknown = profile;
  for (const part of key.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Whether the profile gives a key: present, null included (null is an explicit "none"). */
export const gives = (profile: unknown, key: string): boolean => valueAt(profile, key) !== undefined;

/** A draft with `value` set at a dotted key (objects on the way created). */
export function withValue<T extends object>(profile: T, key: string, value: unknown): T {
  const [head, ...rest] = key.split('.');
  const current = (profile as Record<string, unknown>)[head!];
  const next = rest.length === 0 ? value : withValue(current && typeof current === 'object' ? (current as object) : {}, rest.join('.'), value);
  return { ...profile, [head!]: next };
}

/** The JSON body of a response when it is an object (not an array), else undefined. */
export function objectBody(json: unknown): Record<string, unknown> | undefined {
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}

/** The property names a validation problem's Errors map names (Errors section), entry-level `_` left out. */
export function errorKeys(json: unknown): string[] {
  const errors = objectBody(objectBody(json)?.Errors);
  return errors ? Object.keys(errors).filter((k) => k !== '_') : [];
}
