import { checkParam, endpoint, essence, MEDIA_TYPES, todayIn, type MediaForm } from '../../../models/index.ts';
import type { MutantRequest, MutantResponse } from '../exchange.ts';
import type { Fault, FaultContext } from '../fault.ts';

// Small pieces the gallery's faults are written with. The mutants run against profiles/reference.json, so
// the requested media form is the Accept header (mediaTypeSelection: header Accept).

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

/** A fault on the answers of the given endpoints only. */
export function answers(endpoints: string[], edit: (req: MutantRequest, res: MutantResponse, ctx: FaultContext) => void | Promise<void>): Fault {
  return {
    response: (req, res, ctx) => (req.endpoint && endpoints.includes(req.endpoint) ? edit(req, res, ctx) : undefined),
  };
}

/** Every answer `from` of the endpoint becomes `to`, body and headers kept. */
export const recode = (endpointId: string, from: number, to: number): Fault =>
  answers([endpointId], (_req, res) => {
    if (res.status === from) res.status = to;
  });

/** A fault on the requests of the given endpoints only (rewrite them, or answer them). */
export function requests(endpoints: string[], edit: NonNullable<Fault['request']>): Fault {
  return {
    request: (req, ctx) => (req.endpoint && endpoints.includes(req.endpoint) ? edit(req, ctx) : undefined),
  };
}

/** Whether the primary app has this agency: GET as primary answers 200. */
export async function primaryHas(ctx: FaultContext, adminMail: string | undefined): Promise<boolean> {
  if (!adminMail) return false;
  return (await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(adminMail)}`)).status === 200;
}

export type Json = Record<string, unknown>;
/** The entries of an inquiry page (full or reference form). */
export const entriesOf = (page: Json): Json[] => (Array.isArray(page._entries) ? (page._entries as Json[]) : []);

/** Every answer `status` of the endpoint replaced whole (status, headers and body) by `by`. */
export const replaceAnswers = (endpointId: string, status: number, by: (req: MutantRequest) => MutantResponse): Fault =>
  answers([endpointId], (req, res) => {
    if (res.status === status) Object.assign(res, by(req));
  });
