// Representations of agencies and inquiries in each media form.
import { formatInstant } from './clock.ts';
import { seg } from './context.ts';
import { REF, type Form } from './media.ts';
import type { Agency, Invitation, Inquiry } from './store.ts';

export interface Link {
  href: string;
  title?: string;
  templated?: true;
}

export const agencyHref = (adminMail: string): string => `/v3/agencias/${seg(adminMail)}`;
export const inquiryHref = (adminMail: string, sid: string): string => `/v3/consultas/${seg(adminMail)}/${seg(sid)}`;

export function agencyFull(agency: Agency, timeZone: string): Record<string, unknown> {
  const href = agencyHref(agency.adminMail);
  return {
    AdminMail: agency.adminMail,
    RazonSocial: agency.razonSocial,
    NombreComercial: agency.nombreComercial,
    Telefono: agency.telefono,
    Direccion: agency.direccion,
    Operadores: agency.operadores,
    Invitacion: {
      Estado: 'completada',
      Enviada: agency.invitedAt ? formatInstant(agency.invitedAt, timeZone) : null,
      Registrada: formatInstant(agency.registeredAt, timeZone),
    },
    _links: {
      self: { href },
      productos: { href: `${href}/productos` },
      consultas: { href: `/v3/consultas/${seg(agency.adminMail)}` },
      desasociar: { href: `${href}/desasociar` },
    },
  };
}

/** An invitation not yet completed, read on the Location URI the invitation returned. */
export function invitationFull(invitation: Invitation, timeZone: string): Record<string, unknown> {
  return {
    AdminMail: invitation.adminMail,
    RazonSocial: invitation.razonSocial,
    NombreComercial: null,
    Telefono: invitation.telefono,
    Direccion: null,
    Operadores: [],
    Invitacion: { Estado: 'pendiente', Enviada: formatInstant(invitation.sentAt, timeZone), Registrada: null },
    _links: { self: { href: agencyHref(invitation.adminMail) } },
  };
}

export function agencyRepresentation(agency: Agency, form: Form, timeZone: string): unknown {
  if (form === REF) return { href: agencyHref(agency.adminMail), title: agency.nombreComercial ?? agency.razonSocial };
  return agencyFull(agency, timeZone);
}

export function consultaFull(inquiry: Inquiry, adminMail: string, timeZone: string): Record<string, unknown> {
  const href = inquiryHref(adminMail, inquiry.sid);
  return {
    Momento: formatInstant(inquiry.momento, timeZone),
    ...inquiry.fields,
    _links: {
      self: { href },
      agencia: { href: agencyHref(adminMail) },
      reenviar: { href: `${href}/resendwebhook` },
    },
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reference form: title combines buyer e-mail, make and model, external id (Consulta). */
export function consultaRef(inquiry: Inquiry, adminMail: string): Link {
  const auto = (inquiry.fields.Auto ?? {}) as Record<string, unknown>;
  const buyer = (inquiry.fields.Interesado ?? {}) as Record<string, unknown>;
  return {
    href: inquiryHref(adminMail, inquiry.sid),
    title: `${text(buyer.Email)} | ${text(auto.Marca)} ${text(auto.Modelo)} | ${text(auto.ExternalId)}`,
  };
}
