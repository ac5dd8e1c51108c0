import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { addDays, consultaInput, dateIn, startOfDayIn, type ConsultaInput } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { fillTemplate } from '../../sut/templates.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { MARKER } from './identity.ts';
import { statusOf } from './outcomes.ts';
import type { ModelRunner } from './runner.ts';
import { fold, newAgency, type AgencyRecord, type App, type InquiryRecord, type World } from './world.ts';
import { runCounter } from '../harness/run-counter.ts';

// The state the model run makes for itself (Set up preconditions, never assume them): agencies invited with the
// profile's AgenciaCreate template and registered through the simulation hooks, as the app that invited them, and
// inquiries injected into them through the hooks — each carrying a marker of its own, received now. Every agency
// is named <runId>-… and dissociated again when the suite file ends (Safety; ModelRunner.made).

/** The agencies the writes part makes (part-writes.ts), and the sids of the inquiries the matrix names. */
export interface Pool {
  /** Primary's: two inquiries (the shared external id, and another). */
  a1: AgencyRecord;
  /** Primary's: one inquiry with the shared external id. */
  a2: AgencyRecord;
  /** Other's: one inquiry with the shared external id. */
  b1: AgencyRecord;
  /** Registered by primary, given an inquiry, then dissociated: the unassociated agency. */
  u: AgencyRecord;
  i1: string;
  i3: string;
  i4: string;
  i5: string;
  /** The external id several agencies' inquiries share. */
  shared: string;
}

/** A set-up step the target refused: the part cannot go on, and its rules are told why. */
export class SetupError extends Error {
  readonly code = 'VMP_ERR_MODEL_SETUP';
}

const HOUR_MS = 3_600_000;
const nextInjection = runCounter();

const answered = (res: TargetResponse): string => String(res.status ?? res.error?.code ?? res.exchange.error);

/** The instant "now" for the target: the clock, unless the run was told another today (then noon of it). */
export function nowFor(r: ModelRunner): number {
  const { today, profile } = r.ctx;
  return dateIn(Date.now(), profile.timeZone) === today ? Date.now() : startOfDayIn(today, profile.timeZone) + 12 * HOUR_MS;
}

/** The period an agency the run made holds all its inquiries in (they are received now). */
export const runPeriod = (r: ModelRunner): { desde: string; hasta: string } => ({ desde: addDays(r.ctx.today, -1), hasta: r.ctx.today });

/** Invites a fresh AdminMail as `app` and completes its registration through the hooks; the world learns it. */
export async function registerAgency(r: ModelRunner, world: World, app: App, label: string): Promise<AgencyRecord> {
  const adminMail = freshAdminMail(r, label);
  const json = fillTemplate(r.ctx.profile.templates.agenciaCreate, { adminMail, runId: r.ctx.runId });
  const invite = await r.send('agencias-invite', { app, json });
  if (invite.status !== statusOf('agencias-invite', 'success')) throw new SetupError(`inviting ${adminMail} as app ${app} answered ${answered(invite)}`);
  r.made.push({ app, adminMail });
  const agency = newAgency(adminMail, true);
  agency.pendingFor.add(app);
  world.agencies.set(fold(adminMail), agency);
  const reg = await r.hook('registration', { app, adminMail });
  if (!reg.done) throw new SetupError(`the hook completing the registration of ${adminMail} as app ${app}: expected ${reg.problem}; got ${answered(reg.res)}`);
  agency.pendingFor.delete(app);
  agency.apps.add(app);
  agency.inquiries.set(app, { records: [], sids: new Set(), complete: true, allSids: true, ...runPeriod(r) });
  return agency;
}

export interface InquirySpec {
  externalId: string;
  /** OperadorResponsable: an operator of the agency (its administrator), or another's to probe a filter. */
  operador: string;
}

/** A valid Consulta received now, with the run's marker in Interesado.Comentario and the given publication and operator. */
export function modelInquiry(r: ModelRunner, spec: InquirySpec): { consulta: ConsultaInput; marker: string; at: number } {
  const injected = nextInjection(r.ctx.runId);
  const at = nowFor(r);
  const { runId, seed, profile } = r.ctx;
  const generated = createInquiryGenerator({ seed: seed + injected, unshownTypes: 'null' }).next(at);
  const marker = `${MARKER}${runId} #${injected}`;
  const consulta = {
    ...generated,
    TipoAnuncio: 'publicacion',
    OperadorResponsable: spec.operador,
    Auto: { ...generated.Auto, ExternalId: spec.externalId },
    Interesado: { ...generated.Interesado, Email: `${runId}-m${injected}@${profile.invitationDomain}`.toLowerCase(), Comentario: marker },
  };
  const parsed = consultaInput('strict').safeParse(consulta);
  if (!parsed.success) throw new Error(`the model's inquiry is not a valid Consulta: ${parsed.error.message}`);
  return { consulta: parsed.data, marker, at };
}

/** Injects an inquiry into `agency` as `app` (one it is associated with); the world learns it. */
export async function injectInquiry(r: ModelRunner, agency: AgencyRecord, app: App, spec: InquirySpec): Promise<InquiryRecord> {
  const { consulta, marker, at } = modelInquiry(r, spec);
  const made = await r.hook('inquiry', { app, adminMail: agency.adminMail, consulta });
  if (!made.done)
    throw new SetupError(`the hook injecting an inquiry into ${agency.adminMail} as app ${app}: expected ${made.problem}; got ${answered(made.res)}`);
  const sid = made.sid!;
  const record: InquiryRecord = { key: marker, sid, externalId: spec.externalId, operador: spec.operador, epochMs: at };
  const view = agency.inquiries.get(app)!;
  view.records.push(record);
  view.sids.add(sid);
  return record;
}
