import { firstDifference, formOfContentType, listEntries, volatilePaths, type Comparison, type Endpoint, type MediaForm } from '../../models/index.ts';
import type { SendRequest, TargetResponse } from '../../sut/client.ts';
import { recordComparison } from './same-record.ts';

// Resources and their fields > Conventions: application/json, text/json and the entry form are each "full
// representation". Read in the same state, the same request in two full forms is one representation: the same
// members, nulls included, the same entries. Judged on every pair of full-form reads the run heard (the run
// ledger hands each answer here), not on a sweep's examples: a read in one form and the same read in another with
// no write between them (any request but GET, HEAD and OPTIONS, from anyone, starts a new state). Links are the
// form's own (a self link may name its media type) and left out; a list is its entries (a full form may be a bare
// array where another wraps it). Members that differ between two reads of one URL in one form are no part of the
// record (same-record.ts) and are learned as the run goes; a difference that remains is confirmed at the end by
// reading both forms again (conventions/full-forms-agree).

export const FULL_FORMS_RULE = 'conventions/full-forms-agree';
const FULL_FORMS: readonly MediaForm[] = ['json', 'textJson', 'entry'];
const READS_ONLY = ['GET', 'HEAD', 'OPTIONS'];
/** Members of the paged envelope that describe the page: the same in every form of one request. */
const ENVELOPE = ['Desde', 'Hasta', 'Pagina', 'Total', 'PerPagina'];
/** Requests remembered (the latest state of each); beyond it the oldest are forgotten. */
const KEEP_READS = 2_000;
/**
 * Reads whose body is larger are not kept for a comparison: a parsed body costs many times its bytes (a 3 MB list of
 * a million entries, some 100 MB), and KEEP_READS of them would exhaust the worker's heap. Ordinary resources and
 * pages are far below it.
 */
const KEEP_READ_CHARS = 256 * 1024;
/** Disagreements kept for the end's confirmation. */
const KEEP_DISAGREEMENTS = 12;

export interface FormRead {
  form: MediaForm;
  req: SendRequest;
  res: TargetResponse;
}

export interface FormDisagreement {
  endpoint: Endpoint;
  first: FormRead;
  other: FormRead;
  /** The first difference, as firstDifference writes it. */
  difference: string;
}

/** What a full form shows of its resource: its entries (and a page's envelope) for a list, else the body. */
export function representationOf(body: unknown): unknown {
  const entries = listEntries(body);
  if (entries === undefined) return body;
  const envelope = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { ...Object.fromEntries(ENVELOPE.filter((m) => Object.hasOwn(envelope, m)).map((m) => [m, envelope[m]])), _entries: entries };
}

/** Whether the row offers two full forms or more: only there can two disagree. */
const offersFullForms = (e: Endpoint): boolean => (e.success.mediaTypes ?? []).filter((f) => FULL_FORMS.includes(f)).length > 1;

export const comparisonFor = (e: Endpoint, paths: Iterable<string> = []): Comparison => ({
  ...recordComparison(e.success.representation),
  paths: [...paths],
});

/** The pairs of full-form reads the run made, compared as they are heard. */
export class FormAgreement {
  judged = 0;
  readonly disagreements: FormDisagreement[] = [];
  private epoch = 0;
  private readonly reads = new Map<string, { epoch: number; byForm: Map<MediaForm, FormRead> }>();
  /** Per row, the members found to differ between two reads of one URL in one form. */
  private readonly moved = new Map<string, Set<string>>();

  /** Members learned to move between reads of `e`'s URLs. */
  volatileOf(e: Endpoint): ReadonlySet<string> {
    return this.moved.get(e.id) ?? new Set();
  }

  learn(e: Endpoint, a: unknown, b: unknown): void {
    const set = this.moved.get(e.id) ?? new Set<string>();
    this.moved.set(e.id, set);
    for (const p of volatilePaths(representationOf(a), representationOf(b), comparisonFor(e, set))) if (p !== '') set.add(p);
  }

  hear(req: SendRequest, res: TargetResponse, e: Endpoint | undefined): void {
    if (!READS_ONLY.includes(req.method.toUpperCase())) {
      this.epoch += 1;
      return;
    }
    if (e?.method !== 'GET' || req.app === null || res.status !== 200 || res.error || !offersFullForms(e)) return;
    const form = formOfContentType(res.headers['content-type']);
    if (!form || !FULL_FORMS.includes(form) || res.json === undefined || res.text.length > KEEP_READ_CHARS) return;
    const query = Object.entries(req.query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)])
      .sort();
    const key = JSON.stringify([req.app ?? 'primary', req.path, query]);
    let seen = this.reads.get(key);
    if (!seen || seen.epoch !== this.epoch) {
      this.reads.delete(key);
      seen = { epoch: this.epoch, byForm: new Map() };
      this.reads.set(key, seen);
      if (this.reads.size > KEEP_READS) this.reads.delete(this.reads.keys().next().value!);
    }
    const read: FormRead = { form, req, res };
    const same = seen.byForm.get(form);
    if (same) {
      this.learn(e, same.res.json, res.json);
      return;
    }
    for (const first of seen.byForm.values()) {
      this.judged += 1;
      const difference = firstDifference(representationOf(first.res.json), representationOf(res.json), comparisonFor(e, this.volatileOf(e)));
      const kept = this.disagreements.filter((d) => d.endpoint.id === e.id).length;
      if (difference !== undefined && kept < 2 && this.disagreements.length < KEEP_DISAGREEMENTS)
        this.disagreements.push({ endpoint: e, first, other: read, difference });
    }
    seen.byForm.set(form, read);
  }
}
