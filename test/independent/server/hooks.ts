// Simulation hooks (docs/simulation-hooks.md): make an inquiry arrive, complete an invitation.
import { formatInstant } from './clock.ts';
import { location, type Context } from './context.ts';
import { notifyInquiry } from './consultas.ts';
import { isObject, readJsonBody } from './http-io.ts';
import { randomSid } from './ids.ts';
import { agencyHref, inquiryHref } from './render.ts';
import { Bare, fail, type Reply } from './reply.ts';
import type { Agency } from './store.ts';
import { fold, isAdminMail, parseDateTime } from './validate.ts';

function requireObject(value: unknown, name: string): Record<string, unknown> {
  if (!isObject(value)) fail(name, `${name} debe ser un objeto`);
  return value;
}

function requireStrings(holder: Record<string, unknown>, prefix: string, names: readonly string[]): void {
  for (const name of names) if (typeof holder[name] !== 'string') fail(`${prefix}${name}`, `${prefix}${name} debe ser texto`);
}

/** The members of the Consulta tables that may have no value (Resources and their fields). */
const NULLABLE: Record<string, readonly string[]> = {
  Auto: ['RefStock', 'Version', 'VersionYear', 'Kilometraje', 'Color', 'BodyType', 'Precio', 'Anticipo', 'Cuota'],
  Interesado: ['Telefono', 'DocIdentidad', 'Ciudad', 'InfoOperacion'],
};

/** Conventions: "A field that has no value is sent as null": members the caller left out are stored as null. */
function withNulls(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const [holder, names] of Object.entries(NULLABLE)) {
    const inner = { ...(fields[holder] as Record<string, unknown>) };
    for (const name of names) inner[name] ??= null;
    out[holder] = inner;
  }
  const buyer = out.Interesado as Record<string, unknown>;
  if (isObject(buyer.InfoOperacion)) {
    buyer.InfoOperacion = { EntregaVehiculo: null, FinanciacionDeseada: null, QuiereCotizacionSeguro: null, ...buyer.InfoOperacion };
  }
  return out;
}

export async function hookInquiry(ctx: Context): Promise<Reply> {
  const body = requireObject(await readJsonBody(ctx.req), '_');
  const adminMail = body.adminMail;
  if (typeof adminMail !== 'string' || !isAdminMail(adminMail)) fail('adminMail', 'adminMail debe ser un e-mail');
  const { _links: _ignored, Momento, ...fields } = requireObject(body.consulta, 'consulta');
  const momento = parseDateTime(Momento);
  if (!momento) fail('consulta.Momento', 'Momento debe ser una fecha-hora ISO 8601 con desfase');
  requireStrings(fields, 'consulta.', ['OrigenLead', 'TipoAnuncio', 'OperadorResponsable']);
  requireStrings(requireObject(fields.Auto, 'consulta.Auto'), 'consulta.Auto.', ['ExternalId', 'Marca', 'Modelo', 'Estado']);
  requireStrings(requireObject(fields.Interesado, 'consulta.Interesado'), 'consulta.Interesado.', [
    'Interes',
    'Nombre',
    'Apellido',
    'Email',
    'Provincia',
    'Comentario',
  ]);
  const agency = ctx.store.agencyOf(ctx.app, adminMail);
  if (!agency) throw new Bare(404);
  const inquiry = { sid: randomSid(), agency: fold(agency.adminMail), app: ctx.app.id, momento, fields: withNulls(fields) };
  ctx.store.inquiries.set(inquiry.sid, inquiry);
  notifyInquiry(ctx, ctx.store, agency, inquiry);
  return {
    status: 201,
    contentType: 'application/json',
    body: { sid: inquiry.sid },
    headers: { Location: location(ctx, inquiryHref(agency.adminMail, inquiry.sid)) },
  };
}

export function hookRegistration(ctx: Context): Reply {
  const invitation = ctx.store.invitation(ctx.app, ctx.params.adminMail ?? '');
  if (!invitation) throw new Bare(404);
  if (invitation.completedAt !== null) return { status: 204 };
  const now = ctx.config.now();
  invitation.completedAt = now;
  const key = fold(invitation.adminMail);
  const agency: Agency = ctx.store.agencies.get(key) ?? {
    adminMail: invitation.adminMail,
    razonSocial: invitation.razonSocial,
    nombreComercial: null,
    telefono: invitation.telefono,
    direccion: null,
    operadores: [invitation.adminMail],
    apps: new Set(),
    enabledApps: new Set(),
    invitedAt: invitation.sentAt,
    registeredAt: now,
    publications: [],
  };
  agency.apps.add(ctx.app.id);
  ctx.store.agencies.set(key, agency);
  const topic = ctx.config.topics.registration;
  const config = ctx.store.topicsOf(ctx.app).get(topic);
  if (config) {
    ctx.deliver(topic, config, {
      Emitido: formatInstant(now, ctx.config.timeZone),
      Datos: { AdminMail: agency.adminMail, _links: { agencia: { href: agencyHref(agency.adminMail) } } },
    });
  }
  return { status: 204 };
}
