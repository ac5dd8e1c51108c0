// Agencias: list, invitation, read (also the invitation state), edit, dissociation, package of publications.
import { location, type Context } from './context.ts';
import { readJsonBody } from './http-io.ts';
import { checkMembers } from './body-check.ts';
import { listReply, oneReply, selfOf } from './lists.ts';
import { ALL_FORMS, chooseForm, FULL_FORMS } from './media.ts';
import { agencyFull, agencyHref, agencyRepresentation, invitationFull } from './render.ts';
import { Bare, fail, Forbidden, ValidationFailure, type Reply } from './reply.ts';
import type { Agency } from './store.ts';
import { fold, isAdminMail, isEmail } from './validate.ts';

const emailCheck = (value: string): string | undefined => (isAdminMail(value) ? undefined : 'debe ser un e-mail de hasta 50 caracteres');

export function agenciasList(ctx: Context): Reply {
  const operador = ctx.query.get('operador');
  if (operador !== null && !isEmail(operador)) fail('operador', 'operador debe ser un e-mail');
  const { timeZone } = ctx.config;
  const agencies = [...ctx.store.agencies.values()]
    .filter((agency) => agency.apps.has(ctx.app.id))
    .filter((agency) => operador === null || agency.operadores.some((each) => fold(each) === fold(operador)))
    .map((agency) => ({ mail: agency.adminMail, full: () => agencyFull(agency, timeZone), title: agency.nombreComercial ?? agency.razonSocial }));
  // A pending invitation has no operators yet: an operador filter never lists it.
  const pending =
    ctx.config.listPending && operador === null
      ? [...ctx.store.invitations.values()]
          .filter((each) => each.app === ctx.app.id && each.completedAt === null && !ctx.store.agencyOf(ctx.app, each.adminMail))
          .map((each) => ({ mail: each.adminMail, full: () => invitationFull(each, timeZone), title: each.razonSocial }))
      : [];
  const items = [...agencies, ...pending].sort((a, b) => fold(b.mail).localeCompare(fold(a.mail)));
  return listReply(
    ctx,
    chooseForm(ctx, ALL_FORMS),
    items,
    (item) => item.full(),
    (item) => ({ href: agencyHref(item.mail), title: item.title }),
    selfOf(ctx.path, ctx.query),
  );
}

export async function invite(ctx: Context): Promise<Reply> {
  const values = checkMembers(await readJsonBody(ctx.req), {
    AdminMail: { required: true, nullable: false, maxLength: 50, check: emailCheck },
    RazonSocial: { required: true, nullable: false, maxLength: 120 },
    Telefono: { required: false, nullable: true, maxLength: 40 },
  });
  const adminMail = values.AdminMail!;
  if (ctx.store.agencies.has(fold(adminMail))) {
    throw new ValidationFailure({ AdminMail: ['el e-mail ya está registrado: el administrador debe contactar a soporte'] }, 409, 'Agencia ya registrada');
  }
  ctx.store.saveInvitation({
    app: ctx.app.id,
    adminMail,
    razonSocial: values.RazonSocial!,
    telefono: values.Telefono ?? null,
    sentAt: ctx.config.now(),
    completedAt: null,
  });
  ctx.store.outbox.push({ to: adminMail, at: ctx.config.now() });
  return { status: 202, headers: { Location: location(ctx, agencyHref(adminMail)) } };
}

/** GET and OPTIONS: the agency, or the state of the app's pending invitation for that e-mail. Only 404 is defined. */
export function agencia(ctx: Context): Reply {
  const adminMail = ctx.params.adminMail ?? '';
  if (!isAdminMail(adminMail)) throw new Bare(404);
  const form = chooseForm(ctx, ALL_FORMS);
  const allow = { Allow: 'GET, PUT, OPTIONS' };
  const agency = ctx.store.agencyOf(ctx.app, adminMail);
  if (agency) {
    return {
      ...oneReply(
        form,
        () => agencyFull(agency, ctx.config.timeZone),
        () => agencyRepresentation(agency, form, ctx.config.timeZone) as { href: string },
      ),
      headers: allow,
    };
  }
  const invitation = ctx.store.invitation(ctx.app, adminMail);
  if (!invitation || invitation.completedAt !== null) throw new Bare(404);
  return {
    ...oneReply(
      form,
      () => invitationFull(invitation, ctx.config.timeZone),
      () => ({ href: agencyHref(invitation.adminMail), title: invitation.razonSocial }),
    ),
    headers: allow,
  };
}

/** The agency a modifying operation names: 403 when it does not exist for the app (Authentication). */
function ownAgency(ctx: Context): Agency {
  const agency = ctx.store.agencyOf(ctx.app, ctx.params.adminMail ?? '');
  if (!agency) throw new Forbidden('la app no tiene permiso sobre la agencia');
  return agency;
}

export async function editAgencia(ctx: Context): Promise<Reply> {
  if (!isAdminMail(ctx.params.adminMail ?? '')) fail('adminMail', 'adminMail debe ser un e-mail de hasta 50 caracteres');
  const agency = ownAgency(ctx);
  const values = checkMembers(await readJsonBody(ctx.req), {
    NombreComercial: { required: true, nullable: false, maxLength: 120 },
    Telefono: { required: false, nullable: true, maxLength: 40 },
    Direccion: { required: false, nullable: true, maxLength: 200 },
  });
  agency.nombreComercial = values.NombreComercial!;
  agency.telefono = values.Telefono ?? null;
  agency.direccion = values.Direccion ?? null;
  const form = chooseForm(ctx, ALL_FORMS);
  return oneReply(
    form,
    () => agencyFull(agency, ctx.config.timeZone),
    () => agencyRepresentation(agency, form, ctx.config.timeZone) as { href: string },
  );
}

/** Only 403 is defined: a malformed adminMail names no agency the app has permission over. */
export function desasociar(ctx: Context): Reply {
  const adminMail = ctx.params.adminMail ?? '';
  if (!isAdminMail(adminMail)) throw new Forbidden('la app no tiene permiso sobre la agencia');
  const agency = ownAgency(ctx);
  agency.apps.delete(ctx.app.id);
  agency.enabledApps.delete(ctx.app.id);
  for (const publication of agency.publications) if (publication.app === ctx.app.id) publication.suspended = true;
  return { status: 204 };
}

export function productos(ctx: Context): Reply {
  const adminMail = ctx.params.adminMail ?? '';
  if (!isAdminMail(adminMail)) fail('adminMail', 'adminMail debe ser un e-mail de hasta 50 caracteres');
  const agency = ctx.store.agencyOf(ctx.app, adminMail);
  if (!agency) throw new Bare(404);
  const active = agency.publications.filter((each) => !each.suspended);
  return {
    status: 200,
    contentType: chooseForm(ctx, FULL_FORMS),
    body: {
      AdminMail: agency.adminMail,
      Paquete: { Nombre: 'Plan Concesionaria 60', Cupo: 60, Disponibles: Math.max(0, 60 - active.length) },
      Publicaciones: agency.publications.map((each) => ({ ExternalId: each.externalId, Estado: each.suspended ? 'suspendida' : 'activa' })),
      _links: { self: { href: `${agencyHref(agency.adminMail)}/productos` }, agencia: { href: agencyHref(agency.adminMail) } },
    },
  };
}
