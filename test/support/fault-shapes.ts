import type { MutantRequest, MutantResponse } from '../mutants/exchange.ts';
import type { Fault, FaultContext } from '../mutants/fault.ts';

// The shapes both fault galleries build their faults with — the mutant gallery in front of the reference server
// (test/mutants/gallery) and the outsider's in front of the independent server (test/independent/faults): a fault
// on the requests or the answers of some catalog rows. Nothing here assumes a profile; what does (the media form
// asked by Accept, today in the profile's zone) stays in test/mutants/gallery/helpers.ts.

export type Json = Record<string, unknown>;

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

/** Every answer `status` of the endpoint replaced whole (status, headers and body) by `by`. */
export const replaceAnswers = (endpointId: string, status: number, by: (req: MutantRequest) => MutantResponse): Fault =>
  answers([endpointId], (req, res) => {
    if (res.status === status) Object.assign(res, by(req));
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
