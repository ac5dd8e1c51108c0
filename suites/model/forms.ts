import { consulta, endpoint, listEntries, parseOffsetDateTime, refTitleParts, type Consulta, type MediaForm } from '../../models/index.ts';
import { callEndpoint, type EndpointCall } from '../../sut/call.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { linkHrefs, toldApart } from '../harness/consulta-match.ts';
import type { Difference } from './compare.ts';
import type { ModelRunner } from './runner.ts';

// Resources and their fields > Conventions: application/json, text/json and the entry form are each "full
// representation"; application/vnd.service.ref+json is the "reference form: each list entry is only a link object
// with href and title"; Consulta: "in the reference form, a Consulta is represented by a link object whose title
// combines the buyer e-mail, vehicle make and model, and the external identifier". The forms are representations
// of one resource: the same request asking for another form answers the same status and carries exactly the
// corresponding entries, page for page. So every read the model run makes of a row offering the reference form is
// asked again in each other form the row lists, and the answers are compared with one another — a filter, a scope
// or a write that one form heeds and another does not shows here, whichever read met it.

export const FORMS_RULE = 'model/forms-agree';
const MEDIA_REF = 'conventions/media-ref';
const REF_TITLE = 'consulta/ref-title';

/** Members of the paged envelope that name the page, not the form: the same in every form of one request. */
const ENVELOPE = ['Desde', 'Hasta', 'Pagina', 'Total', 'PerPagina'] as const;

const LOOSE = consulta('loose');

/** The parts of a full-form Consulta its title must hold, told apart; undefined when it cannot be judged. */
function titleParts(full: unknown): string[] | undefined {
  const parsed = LOOSE.safeParse(full);
  if (!parsed.success) return undefined;
  const parts = toldApart(refTitleParts(parsed.data as Consulta));
  return parts.length < 2 ? undefined : parts;
}

const holdsAll = (title: string, parts: readonly string[]) => parts.every((p) => title.toLowerCase().includes(p.toLowerCase()));

const isConsulta = (endpointId: string) => endpointId.startsWith('consultas-');

/** One way the reference form departs from a full form: the statement it departs from, and how. */
interface Finding {
  statement: string;
  text: string;
}
const formed = (text: string): Finding => ({ statement: MEDIA_REF, text });
const titled = (text: string): Finding => ({ statement: REF_TITLE, text });

/** Envelope members are compared as values; date-times as instants (the offset is the server's to choose). */
function sameMember(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    const [x, y] = [parseOffsetDateTime(a), parseOffsetDateTime(b)];
    if (x && y) return x.epochMs === y.epochMs;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the reference-form answer gets wrong against a full-form answer of the same request. */
function refAgainstFull(endpointId: string, ref: unknown, full: unknown): Finding[] {
  const fullEntries = listEntries(full);
  if (fullEntries === undefined) {
    const link = ref as { href?: unknown; title?: unknown } | null;
    if (typeof link?.href !== 'string' || typeof link.title !== 'string') return [formed('a link object with href and title')];
    const parts = isConsulta(endpointId) ? titleParts(full) : undefined;
    return parts && !holdsAll(link.title, parts)
      ? [titled(`a title holding ${parts.map((p) => JSON.stringify(p)).join(', ')}, got ${JSON.stringify(link.title)}`)]
      : [];
  }
  const refEntries = listEntries(ref);
  if (refEntries === undefined) return [formed('a list of link objects')];
  const found: Finding[] = [];
  if (refEntries.length !== fullEntries.length) found.push(formed(`${fullEntries.length} entries, as the full form lists, got ${refEntries.length}`));
  if (!Array.isArray(full) && full && typeof full === 'object') {
    for (const m of ENVELOPE) {
      const [a, b] = [(full as Record<string, unknown>)[m], (ref as Record<string, unknown> | null)?.[m]];
      if (!sameMember(a, b)) found.push(formed(`${m} ${JSON.stringify(a)}, as the full form says, got ${JSON.stringify(b)}`));
    }
  }
  const hrefs = refEntries.map((e) => (e as { href?: unknown } | null)?.href);
  const links = refEntries.filter((e) => typeof (e as { title?: unknown } | null)?.title === 'string' && typeof (e as { href?: unknown }).href === 'string');
  if (links.length < refEntries.length) found.push(formed(`every entry a link object with href and title, but ${refEntries.length - links.length} not`));
  if (new Set(hrefs).size !== hrefs.length) found.push(formed('each entry once (no href twice)'));
  if (isConsulta(endpointId)) found.push(...titlesAgainstEntries(refEntries, fullEntries));
  return found;
}

/** Whether a title holds the told-apart parts of the Consulta (one whose parts cannot be told apart fits any). */
const fitsTitle = (title: string, full: unknown): boolean => {
  const parts = titleParts(full);
  return parts === undefined || holdsAll(title, parts);
};

/**
 * Each reference entry's title holds the parts of the Consulta it stands for: the full entry linking to its href
 * where one does, else some full entry of the answer.
 */
function titlesAgainstEntries(refEntries: readonly unknown[], fullEntries: readonly unknown[]): Finding[] {
  const byHref = new Map<string, unknown>();
  for (const e of fullEntries) for (const href of linkHrefs(e)) if (!byHref.has(href)) byHref.set(href, e);
  const found: Finding[] = [];
  refEntries.forEach((e, i) => {
    const { href, title } = (e ?? {}) as { href?: unknown; title?: unknown };
    if (typeof title !== 'string') return;
    const linked = typeof href === 'string' ? byHref.get(href) : undefined;
    const fits = linked !== undefined ? fitsTitle(title, linked) : fullEntries.some((f) => fitsTitle(title, f));
    if (!fits) found.push(titled(`entry ${i}'s title ${JSON.stringify(title)} to hold the buyer e-mail, make, model and external id of the inquiry`));
  });
  return found.slice(0, 3);
}

/** The forms of a row's success response when it offers the reference form and a full one (else none). */
function formsOf(endpointId: string): readonly MediaForm[] {
  const e = endpoint(endpointId);
  const forms = e.method === 'GET' ? (e.success.mediaTypes ?? []) : [];
  return forms.includes('ref') && forms.length > 1 ? forms : [];
}

/**
 * A 200 read in one form, asked again in every other form its row lists: each answers 200, and the reference
 * form's answer agrees with each full form's (model/forms-agree). One instance per pair compared.
 */
export async function judgeForms(r: ModelRunner, endpointId: string, call: EndpointCall, res: TargetResponse): Promise<void> {
  const forms = formsOf(endpointId);
  if (res.status !== 200 || !call.form || !forms.includes(call.form)) return;
  const ask = async (form: MediaForm) => (form === call.form ? res : await callEndpoint(r.client, endpointId, { ...call, form }));
  // Each full form is held against the reference form one at a time: a target answering megabytes keeps two parsed
  // bodies alive here, not one per form.
  const ref = await ask('ref');
  const differ = (statement: string, expectation: string, at: TargetResponse): Difference => ({
    rule: FORMS_RULE,
    statement,
    expectation: `${expectation} (the same read in another form: ${call.form} answered 200) [${statement}]`,
    res: at,
  });
  for (const form of forms) {
    if (form === 'ref') continue;
    const other = await ask(form);
    const found: Difference[] = [];
    if (other.status !== 200) found.push(differ(MEDIA_REF, `200, as the ${call.form} form of the same request`, other));
    else if (ref.status !== 200) found.push(differ(MEDIA_REF, `200, as the ${call.form} form of the same request`, ref));
    else {
      for (const f of refAgainstFull(endpointId, ref.json, other.json))
        found.push(differ(f.statement, `the reference form to agree with the ${form} form: ${f.text}`, ref));
    }
    r.ledger.record(FORMS_RULE, ref, found);
  }
}
