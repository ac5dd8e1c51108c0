import { refTitleParts } from '../models/index.ts';
import type { Choices } from './choices.ts';
import { href, link } from './links.ts';
import type { Agency, Inquiry, WebhookConfig } from './state/types.ts';

// Full and reference forms of the resources whose fields the spec does not show (Resources > Other
// resources), and of Consulta, whose fields it does. Members without a value are null (Conventions).

export function agenciaFull(a: Agency, c: Choices): Record<string, unknown> {
  const data = Object.fromEntries(c.agenciaFieldNames.map((name) => [name, a.fields[name] ?? null]));
  const self = link(href.agencia(a.adminMail));
  return {
    AdminMail: a.adminMail,
    ...data,
    Operadores: a.operadores,
    Estado: a.estado,
    InvitadaEl: a.invitadaEl,
    RegistradaEl: a.registradaEl,
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: Other resources: "Agencia (full and reference forms) … Fields of these, other than AdminMail: not shown" (which links an agency carries)
    _links: a.estado === 'registrada' ? { self, productos: link(href.productos(a.adminMail)), consultas: link(href.consultas(a.adminMail)) } : { self },
  };
}

export function agenciaRef(a: Agency): { href: string; title: string } {
  const name = a.fields.RazonSocial;
  return { href: href.agencia(a.adminMail), title: typeof name === 'string' && name !== '' ? name : a.adminMail };
}

export function productosFull(a: Agency): Record<string, unknown> {
  const p = a.productos;
  // Stryker disable next-line ObjectLiteral: Other resources: "AgenciaProductos (package of publications of an agency; full form only) … Fields of these, other than AdminMail: not shown"
  return {
    AdminMail: a.adminMail,
    Plan: p.plan,
    PublicacionesContratadas: p.contratadas,
    PublicacionesActivas: p.activas,
    // Stryker disable next-line ArithmeticOperator,MethodExpression: Other resources: "AgenciaProductos (package of publications of an agency; full form only) … Fields of these, other than AdminMail: not shown"
    PublicacionesDisponibles: Math.max(0, p.contratadas - p.activas),
    DestaquesDisponibles: p.destaques,
    VigenteHasta: p.vigenteHasta,
    // Stryker disable next-line ObjectLiteral: Other resources: "AgenciaProductos (package of publications of an agency; full form only) … Fields of these, other than AdminMail: not shown" (its links)
    _links: { self: link(href.productos(a.adminMail)), agencia: link(href.agencia(a.adminMail)) },
  };
}

/** Stored inquiries never change: each full form is built once (per agency mail, which its links carry), frozen at the top. */
const fullForms = new WeakMap<Inquiry, { adminMail: string; value: Readonly<Record<string, unknown>> }>();

export function consultaFull(a: Agency, i: Inquiry): Readonly<Record<string, unknown>> {
  const cached = fullForms.get(i);
  if (cached?.adminMail === a.adminMail) return cached.value;
  // Stryker disable next-line ObjectLiteral: Consulta: "_links | object | map of relation name to link object" (which relations an inquiry carries is not shown)
  const links = {
    self: link(href.consulta(a.adminMail, i.sid)),
    agencia: link(href.agencia(a.adminMail)),
    resendwebhook: link(href.resend(a.adminMail, i.sid)),
  };
  // Round-tripped through JSON: generated strings may be stored two bytes per character even when all are
  // Latin-1, which doubles the cost of encoding every page that shows them (bench/, GET /v3/consultas/…).
  const value = Object.freeze(JSON.parse(JSON.stringify({ ...i.consulta, _links: links })) as Record<string, unknown>);
  fullForms.set(i, { adminMail: a.adminMail, value });
  return value;
}

/** "a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier". */
// Stryker disable next-line StringLiteral: Consulta: "a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier" (how they are joined is not shown)
export const consultaRef = (a: Agency, i: Inquiry) => ({ href: href.consulta(a.adminMail, i.sid), title: refTitleParts(i.consulta).join(' — ') });

export function appWebhookFull(w: WebhookConfig, c: Choices): Record<string, unknown> {
  const others = Object.fromEntries(Object.keys(c.webhookFields).map((k) => [k, w.fields[k] ?? null]));
  return {
    Topic: w.topic,
    [c.webhookUrlField]: w.url,
    ...others,
    CreadaEl: w.creadaEl,
    ModificadaEl: w.modificadaEl,
    // Stryker disable next-line ObjectLiteral: Other resources: "AppWebhook (configuration of one topic) … Fields of these: not shown" (its links)
    _links: { self: link(href.appWebhook(w.topic)) },
  };
}

export function appWebhooksFull(configured: ReadonlyMap<string, WebhookConfig>, c: Choices): Record<string, unknown> {
  return {
    Topicos: [...c.availableTopics].map((topic) => ({
      Topic: topic,
      // Stryker disable next-line BooleanLiteral: Other resources: "AppWebhooks (list of topics available and configured for the app) … Fields of these: not shown"
      Disponible: true,
      Configurado: configured.has(topic),
      // Stryker disable next-line ObjectLiteral: Other resources: "AppWebhooks (list of topics available and configured for the app) … Fields of these: not shown" (its links)
      _links: { self: link(href.appWebhook(topic)) },
    })),
    // Stryker disable next-line ObjectLiteral: Other resources: "AppWebhooks (list of topics available and configured for the app) … Fields of these: not shown" (its links)
    _links: { self: link(href.appWebhooks()) },
  };
}
