import { checkParam, endpoint, essence, MEDIA_TYPES, todayIn, type MediaForm } from '../../../models/index.ts';
import type { MutantRequest } from '../exchange.ts';
import type { FaultContext } from '../fault.ts';
import type { Json } from '../../support/fault-shapes.ts';

// Small pieces the gallery's faults are written with: the shapes shared with the outsider's gallery
// (test/support/fault-shapes.ts), and what holds for this gallery's profile alone. The mutants run against
// profiles/reference.json, so the requested media form is the Accept header (mediaTypeSelection: header Accept).

export { answers, primaryHas, recode, replaceAnswers, requests, type Json } from '../../support/fault-shapes.ts';

export const today = (ctx: FaultContext): string => todayIn(ctx.profile.timeZone);

/** Why a path or query parameter of the request's endpoint is invalid by the catalog, or undefined when valid. */
export function invalidBecause(req: MutantRequest, ctx: FaultContext, name: string): string | undefined {
  if (!req.endpoint) return undefined;
  const spec = endpoint(req.endpoint).params.find((p) => p.name === name);
  if (!spec) return undefined;
  const value = spec.in === 'path' ? req.param(name) : (req.query.get(name) ?? undefined);
  const verdict = checkParam(spec, value, today(ctx));
  return verdict.valid ? undefined : verdict.reason;
}

/** The media form the request asks for, or undefined without an Accept header. */
export function formAsked(req: MutantRequest): MediaForm | undefined {
  const accept = essence(req.headers.accept?.split(',')[0]);
  return (Object.entries(MEDIA_TYPES) as [MediaForm, string][]).find(([, type]) => type === accept)?.[0];
}

/** The entries of an inquiry page (full or reference form). */
export const entriesOf = (page: Json): Json[] => (Array.isArray(page._entries) ? (page._entries as Json[]) : []);
