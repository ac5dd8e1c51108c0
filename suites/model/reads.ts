import { createHash } from 'node:crypto';
import { volatilePaths, type MediaForm } from '../../models/index.ts';
import { callEndpoint, type EndpointCall } from '../../sut/call.ts';
import { bodyJson, type TargetResponse } from '../../sut/client.ts';
import { requestLine } from '../../sut/failure-text.ts';
import { canonical } from '../harness/canonical.ts';
import type { Difference, Expectation } from './compare.ts';
import type { ModelRunner } from './runner.ts';
import type { App } from './world.ts';

// Issue 21 §2: a refused write (400, 403, 404, 409) is followed by reads, by the owner and by the caller, proving
// nothing changed; an accepted write by reads of its neighbours (the app's other topics and agencies, the other
// app's view), proving only what it names changed. A read is the same when it answers the same status and the
// same state: a success body as canonical JSON (members and arrays in any order, date-times masked: when is not
// what); an error answer is no state (404 "no body defined", 403 "its fields: not shown", Extensions "may be
// empty"), so it is compared by its status and the documented Errors keys only, never whole. Where two reads still
// differ, the read is sent once more: the members that differ between those two identical reads (a per-response
// traceId, a generation time) are volatile, no part of the state, and are left out of the comparison.

export const REFUSED_RULE = 'model/refused-write-unchanged';
export const NEIGHBOURS_RULE = 'model/write-neighbours-unchanged';

/** A read whose answer the write must leave as it was. */
export interface Read {
  app: App;
  endpointId: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  form?: MediaForm;
  /** Whose view it is, in words: "app primary's agency a@x". */
  what: string;
  /** The statement that makes it a neighbour the write must not touch (for accepted writes). */
  statement?: string;
}

/** The read's answer: sent, or the same request's answer since the last write (ModelRunner.read). */
export const readOnce = (r: ModelRunner, read: Read): Promise<TargetResponse> => r.read(read.endpointId, callOf(read));

const callOf = (read: Read): EndpointCall => ({
  app: read.app,
  params: read.params ?? {},
  ...(read.query ? { query: read.query } : {}),
  form: read.form ?? 'json',
});

/** A read sent again, past the reads kept since the last write (readOnce): a second identical read. */
const readAgain = (r: ModelRunner, read: Read): Promise<TargetResponse> => callEndpoint(r.client, read.endpointId, callOf(read));

const isError = (res: TargetResponse): boolean => res.status !== undefined && res.status >= 400;

/** The documented part of an error answer: the Errors keys of a validation problem (Errors > Validation problem body). */
function errorKeys(res: TargetResponse): string {
  const errors = (res.json as { Errors?: unknown } | null | undefined)?.Errors;
  return errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? Object.keys(errors).sort().join(',') : '';
}

const digest = (text: string): string => createHash('sha256').update(text).digest('base64');

/**
 * What of an answer is the state it shows, as a digest of its text (`leftOut`: volatile members, dotted, indices as
 * `*`): two states are the same when their digests are, and a digest is all a read before the write keeps of it.
 */
function stateOf(res: TargetResponse, leftOut: readonly string[] = []): string {
  if (res.status === undefined || res.error) return `error ${res.error?.code ?? ''}`;
  if (isError(res)) return `${res.status} ${errorKeys(res)}`;
  return `${res.status} ${digest(res.json !== undefined ? canonical(res.json, leftOut) : res.text)}`;
}

/**
 * A read's answer before the write, as it is kept until the write is judged: its state's digest and its body as
 * text, never parsed. A target answering a million entries to a list would otherwise hold each read's parsed body
 * (some 56 MB) for the whole write; the rare comparison that needs the body again (volatile members, the words of
 * a difference) parses the text again, as the client did.
 */
interface Before {
  res: TargetResponse;
  state: string;
}

function keptBefore(res: TargetResponse): Before {
  const { json: _parsed, ...unparsed } = res;
  return { res: unparsed, state: stateOf(res) };
}

/** The answer kept before the write with its body parsed again. */
const reparsed = (b: Before): TargetResponse => ({ ...b.res, ...bodyJson(b.res.text) });

/**
 * Whether a read answers after a write as before it. Where it does not, the read is sent again: what differs
 * between the two reads after the write (identical requests, nothing written between them) is volatile and left
 * out; what remains must be the same.
 */
async function sameAnswer(r: ModelRunner, read: Read, before: Before, after: TargetResponse): Promise<boolean> {
  if (before.state === stateOf(after)) return true;
  if (isError(after) || after.json === undefined || before.res.status !== after.status) return false;
  const again = await readAgain(r, read);
  if (again.status !== after.status || again.json === undefined) return false;
  const moved = volatilePaths(after.json, again.json);
  // Two reads that differ as a whole leave nothing to compare: that is never left out.
  if (moved.length === 0 || moved.includes('')) return false;
  return stateOf(reparsed(before), moved) === stateOf(after, moved);
}

const refused = (res: TargetResponse): boolean => res.status !== undefined && res.status >= 400 && res.status < 500;
const accepted = (res: TargetResponse): boolean => res.status !== undefined && res.status >= 200 && res.status < 300;

export interface GuardedWrite {
  /** The write's prediction (its rule is the cell's). */
  expectation: Expectation;
  send: () => Promise<TargetResponse>;
  /** What the write must not change: the owner's and the caller's views when refused; the neighbours' when accepted. */
  untouched: readonly Read[];
  /** The statement a refusal of this write applies, when not the expectation's own. */
  refusal?: string;
  /** The reads are a refusal's only: an accepted write may change them (it is judged by its answer alone). */
  onlyRefused?: boolean;
}

/**
 * Reads what the write must not change, sends it, judges its answer, and reads again: a refused write (any 4xx)
 * must have left every read as it was (model/refused-write-unchanged, citing the refusal's statement), an
 * accepted one its neighbours (model/write-neighbours-unchanged). Gives back the write's answer and differences.
 */
export async function guardedWrite(r: ModelRunner, w: GuardedWrite): Promise<{ res: TargetResponse; differences: Difference[] }> {
  const before: Before[] = [];
  for (const read of w.untouched) before.push(keptBefore(await readOnce(r, read)));
  const res = await w.send();
  const differences = r.judge(w.expectation, res);
  const wasRefused = refused(res);
  if (!wasRefused && (w.onlyRefused || !accepted(res))) return { res, differences };
  const rule = wasRefused ? REFUSED_RULE : NEIGHBOURS_RULE;
  const write = `${requestOf(res)} answered ${res.status}`;
  for (const [i, read] of w.untouched.entries()) {
    const after = await readOnce(r, read);
    const statement = wasRefused ? (w.refusal ?? w.expectation.statement) : (read.statement ?? 'auth/scoped-to-app');
    // The words of a difference only where there is one: they canonicalize both bodies.
    const found: Difference[] = (await sameAnswer(r, read, before[i]!, after))
      ? []
      : [{ rule, statement, expectation: `${read.what} as before ${write}, but ${whatChanged(reparsed(before[i]!), after)} [${statement}]`, res: after }];
    r.ledger.record(rule, after, found);
    differences.push(...found);
  }
  return { res, differences };
}

const requestOf = (res: TargetResponse): string => requestLine(res);

const short = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** What differs between two answers of one read, in a few words: the status, else the members that changed. */
export function whatChanged(before: TargetResponse, after: TargetResponse): string {
  if (before.status !== after.status) return `it answered ${before.status ?? before.error?.code} before and ${after.status ?? after.error?.code} after`;
  const [a, b] = [before.json, after.json];
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const changed = keys.filter((k) => canonical((a as Record<string, unknown>)[k]) !== canonical((b as Record<string, unknown>)[k]));
    const one = (k: string) => `${k} ${short(canonical((a as Record<string, unknown>)[k]))} became ${short(canonical((b as Record<string, unknown>)[k]))}`;
    return `${changed.slice(0, 2).map(one).join('; ')}${changed.length > 2 ? ` (and ${changed.length - 2} more members)` : ''}`;
  }
  return `the body ${short(a !== undefined ? canonical(a) : before.text)} became ${short(b !== undefined ? canonical(b) : after.text)}`;
}
