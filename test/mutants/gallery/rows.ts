import { documentedStatuses, ENDPOINTS, MEDIA_TYPES, mediaRuleId, RULES, statementsOfRule, type Endpoint, type MediaForm } from '../../../models/index.ts';
import { DEFAULT_RUNS } from '../../../api/run.ts';
import type { Mutant } from '../fault.ts';
import { answers, formAsked, recode } from './helpers.ts';

// Endpoints, walked as data: for every row, each documented status answered with another code and each
// offered media type labelled as another. These are the generic faults of an implementation (a 422 where
// the row says 400, 410 for 404, 203 for 200, a representation served under the wrong Content-Type); the
// hand-written families hold the faults that need a story. A rule some hand-written mutant already breaks,
// for the statement the generated one would name, gets no generated one.

/** What a documented status becomes: a neighbouring code a real implementation might answer instead. */
const STATUS_SWAP: Record<number, number> = { 200: 203, 201: 200, 202: 200, 204: 200, 400: 422, 403: 404, 404: 410, 409: 422 };

/** What a requested media type is labelled as instead: the nearest other form. */
const FORM_SWAP: Record<MediaForm, MediaForm> = { json: 'textJson', textJson: 'json', entry: 'json', ref: 'entry' };

/** Rules no mutant can make fail, and why: the gallery reports them as gaps with this reason. */
export const UNKILLABLE: Record<string, string> = {
  'status/colores-list/400':
    'the row lists 400, but q and nombre are optional strings with no stated constraint: no request is invalid by the spec alone, so the check can only skip',
};

/** Enforced statements no mutant can break so that one of their rules fails, and why. */
export const UNKILLABLE_STATEMENTS: Record<string, string> = {
  'endpoints/colores-list/400': 'the row lists 400, but no request to /v3/colores is invalid by the spec alone (status/colores-list/400 can only skip)',
};

const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The statement a row's rule checks: the row's own cell where one names the rule, else the first that does. */
function rowStatement(e: Endpoint, ruleId: string): string {
  const all = statementsOfRule(ruleId);
  const statement = all.find((s) => s.startsWith(`endpoints/${e.id}/`)) ?? all[0];
  if (!statement) throw new Error(`no statement of the spec names ${ruleId} (models/statements/)`);
  return statement;
}
const MUST = new Set(RULES.filter((r) => r.level === 'must').map((r) => r.id));

/** Where the spec describes the response but not its code, any 2xx will do: the fault drops the body instead. */
function bodylessMutant(e: Endpoint): Mutant {
  return {
    name: `${e.id}-success-without-body`,
    statement: rowStatement(e, `status/${e.id}/${e.success.status}`),
    breaks: `status/${e.id}/${e.success.status}`,
    fault: answers([e.id], (_req, res) => {
      if (res.status < 300) Object.assign(res, { status: 204, body: '' });
    }),
  };
}

function statusMutant(e: Endpoint, from: number): Mutant {
  if (from === e.success.status && e.success.source === 'not-shown') return bodylessMutant(e);
  const to = STATUS_SWAP[from]!;
  const documentedOnly = `status/${e.id}/documented-only`;
  return {
    name: `${e.id}-${from}-becomes-${to}`,
    statement: rowStatement(e, `status/${e.id}/${from}`),
    breaks: `status/${e.id}/${from}`,
    ...(MUST.has(documentedOnly) && !documentedStatuses(e).includes(to) ? { also: [documentedOnly] } : {}),
    fault: recode(e.id, from, to),
  };
}

function mediaMutant(e: Endpoint, form: MediaForm): Mutant {
  const other = FORM_SWAP[form];
  return {
    name: `${e.id}-${kebab(form)}-labelled-${kebab(other)}`,
    statement: rowStatement(e, mediaRuleId(e.id, form)),
    breaks: mediaRuleId(e.id, form),
    fault: answers([e.id], (req, res) => {
      // Without an Accept header the full form is the default (Conventions).
      if (res.status < 300 && (formAsked(req) ?? 'json') === form) res.headers['content-type'] = MEDIA_TYPES[other];
    }),
  };
}

/** The codes random requests draw most often first: refusals of invalid input, then of absent resources. */
const DRAWN_MOST = [400, 404, 403, 409, 200, 201, 202, 204];

/** An undocumented code in place of the row's most often drawn status that can become one. */
function undocumentedMutant(e: Endpoint): Mutant | undefined {
  const documented = documentedStatuses(e);
  // Without parameters or a body, a request can hardly be refused: the success is what is drawn.
  const order = e.params.length === 0 && !e.body ? [e.success.status, ...DRAWN_MOST] : DRAWN_MOST;
  const from = order.find((s) => documented.includes(s) && !documented.includes(STATUS_SWAP[s]!));
  if (from === undefined) return undefined;
  const to = STATUS_SWAP[from]!;
  return {
    name: `${e.id}-answers-undocumented-${to}`,
    statement: rowStatement(e, `status/${e.id}/documented-only`),
    breaks: `status/${e.id}/documented-only`,
    // A property over random requests: as many as a default run draws, so the swapped code comes up.
    runs: DEFAULT_RUNS,
    fault: recode(e.id, from, to),
  };
}

/**
 * The generated mutants: for every row's status, media and "no other code" rules that no mutant in `written`
 * breaks for the same statement (a written mutant of another statement leaves the row's own cell untested).
 */
export function rowMutants(written: readonly Mutant[]): Mutant[] {
  const broken = new Set(written.map((m) => `${m.statement} ${m.breaks}`));
  const wanted = (e: Endpoint, id: string) => MUST.has(id) && !broken.has(`${rowStatement(e, id)} ${id}`) && !(id in UNKILLABLE);
  const generated = ENDPOINTS.flatMap((e) => [
    ...documentedStatuses(e)
      .filter((s) => s in STATUS_SWAP && wanted(e, `status/${e.id}/${s}`))
      .map((s) => statusMutant(e, s)),
    ...(e.success.mediaTypes ?? []).filter((f) => wanted(e, mediaRuleId(e.id, f))).map((f) => mediaMutant(e, f)),
  ]);
  const undocumented = ENDPOINTS.filter((e) => wanted(e, `status/${e.id}/documented-only`))
    .map(undocumentedMutant)
    .filter((m) => m !== undefined);
  return [...generated, ...undocumented];
}
