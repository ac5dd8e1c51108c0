import { consulta, firstDifference, type ConsultaInput } from '../models/index.ts';
import { lastSegment } from '../sut/discovery.ts';
import type { Delivery } from '../webhooks/delivery.ts';
import { consultaIn, pointerText } from '../sut/json-pointer.ts';
import { deliveryInfo } from '../webhooks/delivery-info.ts';
import { createLatencyHistogram, recordMs } from './histogram.ts';
import { CONSULTA_LINKS, contentDigest } from './content-digest.ts';
import { ProblemLog, type Phase } from './problems.ts';

// Per-inquiry bookkeeping of a simulation, kept compact: typed arrays for times and counts, a 16-character
// digest per inquiry for identity by content, and the injected inquiry itself only until its first delivery
// has been compared with it. Deliveries are attributed to an inquiry by sid (a Sid member, or a link of the
// Consulta whose last segment is the sid) or else by the digest of the delivered Consulta without _links.

const CONSULTA = consulta('loose');

/** One resendwebhook of a simulation: what it answered and what the capture then received for it. */
export interface ResendRecord {
  sentAt: number;
  status?: number;
  location?: string;
  payload?: unknown;
  error?: string;
  deliveries: { json: unknown; receivedAt: number; seq: number }[];
}

export interface LedgerOptions {
  capacity: number;
  deadlineMs: number;
  /** Null where not known: the Consulta is then looked for in each payload (json-pointer.ts consultaIn). */
  consultaPointer: string | null;
  /** Whether the profile declares a signature scheme (then a delivery without a valid signature is forged). */
  signed: boolean;
}

export class Ledger {
  readonly problems = new ProblemLog();
  /** Latency from each inquiry's send to its first delivery (µs). */
  readonly latency = createLatencyHistogram('us');
  /** Latency from each resendwebhook to its delivery (µs). */
  readonly resendLatency = createLatencyHistogram('us');
  readonly resends = new Map<number, ResendRecord>();
  phase: Phase = 'inject';
  received = 0;
  unattributed = 0;
  /** Deliveries without a valid signature where the profile declares a scheme: counted, never attributed. */
  forged = 0;
  readonly unattributedExamples: string[] = [];

  private readonly sids: (string | undefined)[] = [];
  private readonly digests: (string | undefined)[] = [];
  private readonly sentAt: Float64Array;
  private readonly firstLatency: Float64Array;
  private readonly primary: Uint32Array;
  private readonly misrouted = new Map<number, { count: number; path: string; phase: Phase }>();
  private readonly pending = new Map<number, ConsultaInput>();
  private readonly bySid = new Map<string, number>();
  private readonly byDigest = new Map<string, number>();
  /** Every inquiry of a digest that more than one has: alike inquiries (distinct sids), never taken for one. */
  private readonly alike = new Map<string, number[]>();
  private size = 0;
  /** Every inquiry below this index is delivered, refused or past its deadline (states that never revert). */
  private settledUpTo = 0;
  /** Sends and deliveries per second since the first send (report.html's chart): performance.now() of the first. */
  private origin: number | undefined;
  private readonly perSecond: { sent: number[]; received: number[]; resent: number[] } = { sent: [], received: [], resent: [] };
  /** performance.now() of the first resendwebhook, where the chart marks the resends' start. */
  private firstResend: number | undefined;

  constructor(private readonly options: LedgerOptions) {
    this.sentAt = new Float64Array(options.capacity).fill(Number.NaN);
    this.firstLatency = new Float64Array(options.capacity).fill(Number.NaN);
    this.primary = new Uint32Array(options.capacity);
  }

  /** Inquiries entered so far (sent, or adopted in observe mode). */
  get count(): number {
    return this.size;
  }

  sidOf(index: number): string | undefined {
    return this.sids[index];
  }

  indexOfSid(sid: string): number | undefined {
    return this.bySid.get(sid);
  }

  /** An injected inquiry, just before its hook request leaves (`at`: performance.now()). */
  sent(index: number, input: ConsultaInput, at: number): void {
    this.digested(index, contentDigest(input));
    this.sentAt[index] = at;
    this.tally('sent', at);
    this.pending.set(index, input);
    this.size = Math.max(this.size, index + 1);
  }

  private tally(what: 'sent' | 'received' | 'resent', at: number): void {
    this.origin ??= at;
    const second = Math.max(0, Math.floor((at - this.origin) / 1000));
    const counts = this.perSecond[what];
    while (counts.length <= second) counts.push(0);
    counts[second]! += 1;
  }

  /**
   * Inquiries sent and deliveries received (on any callback), second by second since the first send; those that
   * arrived while resendwebhook was being checked are counted apart (`resent`), so the chart labels them.
   */
  timeline(): { second: number; sent: number; received: number; resent: number }[] {
    const { sent, received, resent } = this.perSecond;
    const length = Math.max(sent.length, received.length, resent.length);
    return Array.from({ length }, (_, second) => ({ second, sent: sent[second] ?? 0, received: received[second] ?? 0, resent: resent[second] ?? 0 }));
  }

  /** Seconds from the first send to the first resendwebhook, when there was one. */
  resendsFrom(): number | undefined {
    return this.firstResend === undefined || this.origin === undefined ? undefined : Math.max(0, (this.firstResend - this.origin) / 1000);
  }

  /** The hook answered with the inquiry's sid. */
  bound(index: number, sid: string): void {
    this.sids[index] = sid;
    this.bySid.set(sid, index);
  }

  private digested(index: number, digest: string): void {
    this.digests[index] = digest;
    const first = this.byDigest.get(digest);
    if (first === undefined) this.byDigest.set(digest, index);
    else this.alike.set(digest, [...(this.alike.get(digest) ?? [first]), index]);
  }

  /** The hook refused the inquiry: nothing is expected for it. */
  injectionFailed(index: number, detail: string): void {
    this.pending.delete(index);
    this.sentAt[index] = Number.NaN;
    this.problems.add({ kind: 'injection-failed', phase: 'inject', index, detail });
  }

  /** Observe mode: an existing inquiry, known by sid and (when it could be read) by the digest of its Consulta. */
  adopt(index: number, sid: string, digest?: string): void {
    this.bound(index, sid);
    if (digest !== undefined) this.digested(index, digest);
    this.size = Math.max(this.size, index + 1);
  }

  resendStarted(index: number, at: number): ResendRecord {
    const record: ResendRecord = { sentAt: at, deliveries: [] };
    this.firstResend ??= at;
    this.origin ??= at;
    this.resends.set(index, record);
    return record;
  }

  /** Every injected inquiry has a delivery, or its deadline (measured from its send) has passed. */
  injectSettled(now: number): boolean {
    // Inquiries are sent in index order, so a cursor makes each poll O(1) amortised even for a million.
    for (; this.settledUpTo < this.size; this.settledUpTo++) {
      const i = this.settledUpTo;
      if (!(Number.isNaN(this.sentAt[i]!) || this.primary[i]! > 0 || now >= this.sentAt[i]! + this.options.deadlineMs)) return false;
    }
    return true;
  }

  resendSettled(now: number): boolean {
    for (const r of this.resends.values()) {
      if (r.deliveries.length === 0 && r.error === undefined && now < r.sentAt + this.options.deadlineMs) return false;
    }
    return true;
  }

  delivered(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.primary[i]! > 0) n++;
    return n;
  }

  /** Attributes one captured delivery (`receivedAt`: performance.now() when its body was complete). */
  record(d: Delivery, receivedAt: number): void {
    this.received++;
    this.tally(this.phase === 'resend' ? 'resent' : 'received', receivedAt);
    if (this.options.signed && d.signature !== 'valid') return this.recordForged(d);
    const index = this.identify(d.json);
    if (index === undefined) {
      this.unattributed++;
      if (this.unattributedExamples.length < 10) this.unattributedExamples.push(`#${d.seq} ${d.path}: ${describe(d.json)}`);
      return;
    }
    const app = deliveryInfo(d.path, d.json).app;
    if (app !== 'primary') {
      const seen = this.misrouted.get(index);
      if (seen) seen.count++;
      else this.misrouted.set(index, { count: 1, path: d.path, phase: this.phase });
    } else {
      const resend = this.phase === 'resend' ? this.resends.get(index) : undefined;
      if (resend) resend.deliveries.push({ json: d.json, receivedAt, seq: d.seq });
      else this.firstOrDuplicate(index, d, receivedAt);
    }
  }

  private firstOrDuplicate(index: number, d: Delivery, receivedAt: number): void {
    const n = ++this.primary[index]!;
    if (n !== 1 || Number.isNaN(this.sentAt[index]!)) return;
    const latency = Math.max(0, receivedAt - this.sentAt[index]!);
    this.firstLatency[index] = latency;
    recordMs(this.latency, latency);
    const delivered = this.consultaOf(d.json, index);
    const detail = this.contentProblem(index, delivered, `the payload's Consulta (${pointerText(this.options.consultaPointer)})`);
    if (detail) this.problems.add({ kind: 'mismatched', phase: 'inject', index, ...this.sidField(index), detail: `delivery #${d.seq}: ${detail}` });
    this.pending.delete(index);
  }

  /** The Consulta of a payload: at the profile's pointer, or (not known) the object of it that carries inquiry `index`. */
  consultaOf(json: unknown, index?: number): unknown {
    const fits = (v: unknown) => (index === undefined ? CONSULTA.safeParse(v).success : this.contentProblem(index, v, '') === undefined);
    return consultaIn(json, this.options.consultaPointer, fits);
  }

  /**
   * Why `consulta` (named `what` in the message) does not carry inquiry `index`, or undefined when it does: it
   * must validate as a Consulta and equal the inquiry without its _links (Momento compared as an instant).
   */
  contentProblem(index: number, consulta: unknown, what: string): string | undefined {
    const parsed = CONSULTA.safeParse(consulta);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return `${what} is not a valid Consulta (${issue.path.join('.') || '(root)'}: ${issue.message})`;
    }
    const injected = this.pending.get(index);
    if (injected) {
      const diff = firstDifference(injected, consulta, CONSULTA_LINKS);
      return diff === undefined ? undefined : `${what} differs from the injected inquiry at ${diff}`;
    }
    const expected = this.digests[index];
    if (expected !== undefined && contentDigest(consulta, CONSULTA_LINKS) !== expected) return `${what} differs from the inquiry (content digest)`;
    return undefined;
  }

  /** A delivery that is not the target's: reported against the inquiry it copies, if any, and otherwise only counted. */
  private recordForged(d: Delivery): void {
    this.forged++;
    const index = this.identify(d.json);
    if (index === undefined) return;
    const detail = `delivery #${d.seq} to ${d.path}: signature ${d.signature}${d.signatureDetail ? ` (${d.signatureDetail})` : ''}; not taken for the target's`;
    this.problems.add({ kind: 'forged', phase: this.phase, index, ...this.sidField(index), detail });
  }

  private identify(json: unknown): number | undefined {
    const delivered = this.consultaOf(json);
    const info = deliveryInfo('/', json, this.options.consultaPointer ?? '');
    for (const sid of [info.sid, ...linkSegments(delivered)]) {
      const index = sid === undefined ? undefined : this.bySid.get(sid);
      if (index !== undefined) return index;
    }
    if (delivered === null || typeof delivered !== 'object') return undefined;
    const digest = contentDigest(delivered, CONSULTA_LINKS);
    const alike = this.alike.get(digest);
    return alike ? this.leastServed(alike) : this.byDigest.get(digest);
  }

  /**
   * Of alike inquiries a delivery without a sid could be for (issue 27, item 10): one whose resend awaits its
   * delivery, else the one with the fewest deliveries so far — so two alike inquiries delivered once each are
   * each delivered once, not one lost and one duplicated.
   */
  private leastServed(candidates: readonly number[]): number {
    const awaiting = this.phase === 'resend' ? candidates.find((i) => this.resends.get(i)?.deliveries.length === 0) : undefined;
    return awaiting ?? candidates.reduce((best, i) => (this.primary[i]! < this.primary[best]! ? i : best));
  }

  sidField(index: number): { sid?: string } {
    const sid = this.sids[index];
    return sid === undefined ? {} : { sid };
  }

  /** Turns the counts into problems: lost, duplicated, late and misrouted deliveries of the injected stream. */
  finishInject(): void {
    for (let i = 0; i < this.size; i++) {
      if (Number.isNaN(this.sentAt[i]!)) continue;
      const sid = this.sidField(i);
      const n = this.primary[i]!;
      if (n === 0) this.problems.add({ kind: 'lost', phase: 'inject', index: i, ...sid, detail: 'no delivery to the primary app' });
      if (n > 1) this.problems.add({ kind: 'duplicated', phase: 'inject', index: i, ...sid, detail: `${n} deliveries to the primary app` });
      const latency = this.firstLatency[i]!;
      if (latency > this.options.deadlineMs) {
        this.problems.add({
          kind: 'late',
          phase: 'inject',
          index: i,
          ...sid,
          detail: `delivered after ${Math.round(latency)} ms (deadline ${this.options.deadlineMs} ms)`,
        });
      }
    }
    this.pending.clear();
  }

  finishMisrouted(): void {
    for (const [index, m] of this.misrouted) {
      const detail = `${m.count} deliver${m.count === 1 ? 'y' : 'ies'} to ${m.path}, which is not the primary app's URL`;
      this.problems.add({ kind: 'misrouted', phase: m.phase, index, ...this.sidField(index), detail });
    }
  }
}

/** Last segments of every link href in the Consulta's _links (relation names are not shown, so all are tried). */
function linkSegments(delivered: unknown): string[] {
  const links = (delivered as { _links?: unknown } | null)?._links;
  if (!links || typeof links !== 'object') return [];
  return Object.values(links).flatMap((l) => {
    const href = (l as { href?: unknown } | null)?.href;
    return typeof href === 'string' ? [lastSegment(href)] : [];
  });
}

function describe(json: unknown): string {
  const text = json === null ? 'a non-JSON body' : JSON.stringify(json);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
