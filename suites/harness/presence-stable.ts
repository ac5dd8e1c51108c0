import { formOfContentType, listEntries, type Endpoint, type MediaForm } from '../../models/index.ts';
import type { SendRequest, TargetResponse } from '../../sut/client.ts';
import type { Exchange } from '../../sut/evidence.ts';

// Conventions: "A field that has no value is sent as null" — so a write never takes a member away: what a read
// of a resource showed before a PUT of it, the PUT's own answer and every full-form read after it show too (null
// when the write left it without a value). Judged on every PUT the run heard that answered 200 and on the reads
// of the same URL that follow it, until any other change of state (a registration through the hooks may turn an
// invitation into an agency, whose representation is another). Links are the state's own and left out.

export const PRESENCE_RULE = 'conventions/presence-stable';
const FULL_FORMS: readonly MediaForm[] = ['json', 'textJson', 'entry'];
/** Resources remembered; beyond it the oldest are forgotten. */
const KEEP = 2_000;
const KEEP_FAULTS = 3;

export interface PresenceFault {
  exchange: Exchange;
  issue: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Every member path of a JSON value (indices as `*`, `_links` left out), and the paths of its objects. */
export function membersOf(value: unknown): { members: Set<string>; objects: Set<string> } {
  const members = new Set<string>();
  const objects = new Set<string>();
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item, join(path, '*'));
      return;
    }
    if (!isObject(v)) return;
    objects.add(path);
    for (const [k, child] of Object.entries(v)) {
      if (k === '_links') continue;
      members.add(join(path, k));
      walk(child, join(path, k));
    }
  };
  walk(value, '');
  return { members, objects };
}

const parentOf = (path: string): string => (path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '');

/** The members of `before` that `after` lacks where it holds their parent object. */
export function missingAfter(before: ReadonlySet<string>, after: unknown): string[] {
  const { members, objects } = membersOf(after);
  return [...before].filter((m) => !members.has(m) && objects.has(parentOf(m)));
}

/** A full-form representation of one resource (not a list), or undefined. */
function resourceOf(res: TargetResponse): unknown {
  const form = formOfContentType(res.headers['content-type']);
  if (res.status !== 200 || res.error || !form || !FULL_FORMS.includes(form) || !isObject(res.json)) return undefined;
  return listEntries(res.json) === undefined ? res.json : undefined;
}

export class PresenceLedger {
  judged = 0;
  readonly faults: PresenceFault[] = [];
  /** Per app and path: the members of the last read, and those every read must show since a PUT of it. */
  private readonly seen = new Map<string, { last?: Set<string>; required?: Set<string>; put?: Exchange }>();

  hear(req: SendRequest, res: TargetResponse, e: Endpoint | undefined): void {
    const key = JSON.stringify([req.app ?? 'primary', req.path]);
    const method = req.method.toUpperCase();
    if (method === 'GET' && e) return this.read(key, res);
    if (method === 'HEAD' || method === 'OPTIONS' || method === 'GET') return;
    if (method === 'PUT' && e && res.status === 200) return this.written(key, res);
    // Any other change of state: what was required since a PUT is no longer.
    for (const s of this.seen.values()) delete s.required;
  }

  private entry(key: string) {
    let s = this.seen.get(key);
    if (!s) {
      s = {};
      this.seen.set(key, s);
      if (this.seen.size > KEEP) this.seen.delete(this.seen.keys().next().value!);
    }
    return s;
  }

  private judge(required: ReadonlySet<string>, res: TargetResponse, what: string, put: Exchange | undefined): void {
    this.judged += 1;
    const missing = missingAfter(required, res.json);
    if (missing.length === 0 || this.faults.length >= KEEP_FAULTS) return;
    const after = put ? ` after the PUT of ${new URL(put.url).pathname}` : '';
    this.faults.push({
      exchange: res.exchange,
      issue: `${what}${after} showing every member the resource showed before it (null when it has no value); missing ${missing.slice(0, 5).join(', ')}`,
    });
  }

  private read(key: string, res: TargetResponse): void {
    const body = resourceOf(res);
    if (body === undefined) return;
    const s = this.entry(key);
    if (s.required) this.judge(s.required, res, 'a read', s.put);
    s.last = membersOf(body).members;
  }

  private written(key: string, res: TargetResponse): void {
    const s = this.entry(key);
    for (const other of this.seen.values()) if (other !== s) delete other.required;
    const before = s.last;
    if (!before) return;
    s.required = before;
    s.put = res.exchange;
    if (resourceOf(res) !== undefined) this.judge(before, res, "the PUT's answer", undefined);
  }
}
