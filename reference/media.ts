import { ALL_FORMS, FULL_FORMS } from '../models/endpoints/parts.ts';
import { MEDIA_FORMS, MEDIA_TYPES, essence, type Endpoint, type MediaForm } from '../models/index.ts';
import type { Profile } from '../sut/profile.ts';

// Media-type selection ("how a caller chooses among the media types of a response: not shown"): the
// profile's mediaTypeSelection, the Accept header by default. Offered forms come from each row of the
// endpoint catalog; rows that list none get the choices below (reference/README.md).

/** Rows naming a representation but no media types: what the server offers for them. */
const UNLISTED: Readonly<Record<string, readonly MediaForm[]>> = {
  // Carroceria, like the Carrocerias list, has no reference form.
  'carrocerias-get': FULL_FORMS,
  // "200 (body form of the match)": a Marca, which has a reference form.
  'marcas-bestmatch': ALL_FORMS,
  // The invitation state sits on the agency URI, whose GET offers every form.
  'agencias-options': ALL_FORMS,
};

export function offeredForms(e: Endpoint): readonly MediaForm[] | undefined {
  if (e.success.body !== 'representation') return undefined;
  return e.success.mediaTypes ?? UNLISTED[e.id] ?? FULL_FORMS;
}

interface Range {
  type: string;
  subtype: string;
  q: number;
  index: number;
}

function parseAccept(value: string): Range[] {
  const ranges: Range[] = [];
  value.split(',').forEach((part, index) => {
    const [mediaRange = '', ...params] = part.split(';');
    const [type, subtype, extra] = mediaRange.trim().toLowerCase().split('/');
    if (!type || !subtype || extra !== undefined) return;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=').map((s) => s.trim());
      if (k?.toLowerCase() === 'q') q = Number(v);
    }
    ranges.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0, index });
  });
  return ranges;
}

/** How closely a range matches a media type: 2 exact, 1 type/*, 0 *\/*, -1 not at all. */
function specificity(range: Range, mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  if (range.type === type && range.subtype === subtype) return 2;
  if (range.type === type && range.subtype === '*') return 1;
  if (range.type === '*' && range.subtype === '*') return 0;
  return -1;
}

function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/**
 * The form to answer with. Each offered type takes the q of the most specific range that matches it (q=0
 * excludes it); then highest q wins, then the more specific range, then the client's order, then the
 * catalog's order (json first). No Accept, an empty one, or *\/* gives application/json where offered.
 * undefined: nothing acceptable is offered (406).
 */
function fromAccept(accept: string | undefined, offered: readonly MediaForm[]): MediaForm | undefined {
  if (accept === undefined || accept.trim() === '') return offered[0];
  const ranges = parseAccept(accept);
  let best: { form: MediaForm; score: number[] } | undefined;
  offered.forEach((form, order) => {
    let match: Range | undefined;
    let spec = -1;
    for (const r of ranges) {
      const s = specificity(r, MEDIA_TYPES[form]);
      if (s > spec || (s === spec && s >= 0 && r.q > match!.q)) [match, spec] = [r, s];
    }
    if (!match || match.q === 0) return;
    const score = [match.q, spec, -match.index, -order];
    if (!best || greater(score, best.score)) best = { form, score };
  });
  return best?.form;
}

export function negotiate(
  selection: Profile['mediaTypeSelection'],
  offered: readonly MediaForm[],
  header: (name: string) => string | undefined,
  query: URLSearchParams,
): MediaForm | undefined {
  if ('header' in selection) return fromAccept(header(selection.header), offered);
  const asked = query.get(selection.query);
  if (asked === null || asked === '') return offered[0];
  const form = MEDIA_FORMS.find((f) => MEDIA_TYPES[f] === essence(asked));
  return form && offered.includes(form) ? form : undefined;
}
