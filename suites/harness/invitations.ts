import { LIMITS } from '../../models/index.ts';
import { callEndpoint } from '../../sut/call.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { AppName } from '../../sut/profile.ts';
import { fillTemplate } from '../../sut/templates.ts';
import type { Check } from './check.ts';
import type { RunContext } from './context.ts';
import { hookRegistration } from '../events/hooks.ts';
import { resolveUri, type Resolved } from './follow.ts';
import { runCounter } from './run-counter.ts';

// States and transitions > Agency invitation: POST /v3/agencias with AgenciaCreate answers 202 and a Location
// giving the agency URI. Mutating checks invite only e-mails this run invents (issue 4, Safety).

const nextInvented = runCounter();

/**
 * `${runId}-<label><n>@<invitationDomain>`, lower-case: an AdminMail no one but this run uses. Limits: adminMail is
 * "at most 50 characters", so with a long domain the label goes first, then the run id's start (its end varies most).
 */
export function freshAdminMail(c: { ctx: Pick<RunContext, 'profile' | 'runId'> }, label = 'inv', reserve = 0): string {
  const invented = nextInvented(c.ctx.runId);
  const domain = c.ctx.profile.invitationDomain.toLowerCase();
  // `reserve`: characters the caller adds to the local part afterwards.
  const room = LIMITS.adminMail.maxLength - domain.length - 1 - reserve;
  const local = [`${c.ctx.runId}-${label}${invented}`, `${c.ctx.runId}${invented}`].map((l) => l.toLowerCase()).find((l) => l.length <= room);
  return `${local ?? `${c.ctx.runId.toLowerCase()}${invented}`.slice(-Math.max(1, room))}@${domain}`;
}

/** POST /v3/agencias with the profile's AgenciaCreate template (its fields other than AdminMail are not shown). */
export function invite(c: Check, adminMail: string, app: AppName = 'primary'): Promise<TargetResponse> {
  const json = fillTemplate(c.ctx.profile.templates.agenciaCreate, { adminMail, runId: c.ctx.runId });
  return c.send('agencias-invite', { app, json });
}

export type ResolvedLocation = Resolved;

/** Resolves a response's Location the way a client does: against the request URL (follow.ts). */
export function resolveLocation(c: Check, res: TargetResponse): ResolvedLocation | undefined {
  return resolveUri(c, res.headers.location, res.exchange.url);
}

/** The decoded adminMail segment when the path is /v3/agencias/{adminMail}, else undefined. */
export function agencySegment(path: string): string | undefined {
  const m = /^\/v3\/agencias\/([^/?#]+)$/.exec(path.split(/[?#]/)[0]!);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

/** Invites a fresh AdminMail and expects 202 and a Location: the precondition of the checks that follow it. */
export async function inviteFresh(c: Check, label?: string): Promise<{ adminMail: string; res: TargetResponse; location: ResolvedLocation }> {
  const adminMail = freshAdminMail(c, label);
  const res = await invite(c, adminMail);
  if (res.status !== 202) c.skip(`inviting a fresh AdminMail answered ${res.status ?? res.error?.code}, not 202 (see lifecycle/invitation-accepted-202)`);
  const location = resolveLocation(c, res);
  if (!location) c.skip('the invitation carried no usable Location (see lifecycle/invitation-accepted-202)');
  return { adminMail, res, location };
}

/**
 * An agency this run created and registered through the simulation hooks, so desasociar may act on it.
 * Skips when the profile has no hooks, or when the hook refuses (a precondition: the hooks are no statement of the spec).
 */
export async function registerFreshAgency(c: Check): Promise<string> {
  if (!c.ctx.profile.simulationHooks) c.skip('the profile has no simulation hooks (simulationHooks is null): no agency can be registered');
  const { adminMail } = await inviteFresh(c, 'reg');
  // The hook stands for the invited person following the e-mail's instructions, as the inviting app.
  await hookRegistration(c, adminMail);
  return adminMail;
}

/**
 * An agency registered as registerFreshAgency does, for this check alone: dissociated again when the check ends
 * (Safety: "dissociated again where the API allows"), whatever its outcome. A second desasociar of one the check
 * dissociated itself answers 403 and changes nothing.
 */
export async function registerCheckAgency(c: Check): Promise<string> {
  const adminMail = await registerFreshAgency(c);
  c.defer((client) => callEndpoint(client, 'agencias-desasociar', { params: { adminMail } }));
  return adminMail;
}

/**
 * An AdminMail "already registered" (States and transitions: the invitation's condition, else 409): the fixture
 * agency when it has received inquiries (an invitation still pending has no publications to receive any), else
 * an agency this run registers through the simulation hooks. Never assumed from the agency list alone, which
 * may show pending invitations too.
 */
export async function registeredAdminMail(c: Check): Promise<string> {
  if (c.ctx.fixtures.inquiryTotal > 0) return c.ctx.fixtures.agency;
  return registerCheckAgency(c);
}
