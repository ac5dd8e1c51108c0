import { addDays, checkParam, endOfDayIn, endpoint, formatInZone } from '../../models/index.ts';
import { ADMIN_MAIL_FIELD } from '../choices.ts';
import type { Ctx, Handler } from '../context.ts';
import { href } from '../links.ts';
import { empty, entryLevel } from '../reply.ts';
import { agenciaFull, agenciaRef, productosFull } from '../representations.ts';
import { STARTER_PLAN, planSize } from '../seed/fixtures.ts';
import { foldMail } from '../state/store.ts';
import type { Agency } from '../state/types.ts';
import { asObject, forbidden, hasErrors, invalid, notFound, pick, represent, typeErrors } from './respond.ts';

// Endpoints > Agencias, and States and transitions (invitation, desasociar). Scoping (Authentication): an
// agency not associated with the app is 404 on reads and 403 on modifications.

/** AdminMail in AgenciaCreate is judged like the adminMail path parameter it becomes (LIMITS via the catalog ParamSpec). */
const ADMIN_MAIL_SPEC = endpoint('agencias-get').params.find((p) => p.name === 'adminMail')!;
/** How long the package of a newly registered agency lasts before renewal. */
const STARTER_PLAN_DAYS = 365;

const list: Handler = (ctx) => {
  const operador = ctx.values.operador;
  const agencies = ctx.world.store
    .agenciesOf(ctx.app)
    .filter((a) => operador === undefined || a.operadores.some((o) => foldMail(o) === foldMail(operador)))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const c = ctx.world.choices;
  return represent(
    ctx,
    () => agencies.map((a) => agenciaFull(a, c)),
    () => agencies.map(agenciaRef),
  );
};

function newInvitation(ctx: Ctx, adminMail: string, fields: Record<string, unknown>): Agency {
  const tz = ctx.world.choices.timeZone;
  return {
    key: foldMail(adminMail),
    adminMail,
    fields,
    operadores: [adminMail],
    estado: 'pendiente',
    invitedBy: new Set([ctx.app]),
    invitadaEl: formatInZone(ctx.world.now(), tz),
    registradaEl: null,
    apps: new Set(),
    productos: {
      plan: STARTER_PLAN,
      contratadas: planSize(STARTER_PLAN),
      activas: 0,
      destaques: 0,
      vigenteHasta: formatInZone(endOfDayIn(addDays(ctx.world.today(), STARTER_PLAN_DAYS), tz), tz),
    },
    inquiries: [],
  };
}

const invite: Handler = (ctx) => {
  const body = asObject(ctx.body);
  if (!body) return invalid(ctx, entryLevel('the body must be a JSON object (AgenciaCreate)'));
  const errors = typeErrors(body, ctx.world.choices.agenciaCreateFields);
  const adminMail = body[ADMIN_MAIL_FIELD];
  if (typeof adminMail !== 'string') {
    errors[ADMIN_MAIL_FIELD] = [`${ADMIN_MAIL_FIELD} is required: the e-mail address that receives the invitation`];
  } else {
    const verdict = checkParam(ADMIN_MAIL_SPEC, adminMail, ctx.world.today());
    if (!verdict.valid) errors[ADMIN_MAIL_FIELD] = [`${ADMIN_MAIL_FIELD}: ${verdict.reason}`];
  }
  if (hasErrors(errors)) return invalid(ctx, errors);
  // Synchronous check-and-set: parallel invitations of one AdminMail all get 202 and make one pending agency;
  // only a registered one is refused ("the e-mail in AdminMail is not already registered").
  const agency = ctx.world.store.invite(ctx.app, newInvitation(ctx, adminMail as string, pick(body, ctx.world.choices.agenciaCreateFields)));
  if (!agency) {
    return invalid(ctx, { [ADMIN_MAIL_FIELD]: ['this e-mail is already registered; the administrator must contact customer support'] }, 409);
  }
  return empty(202, { Location: href.agencia(agency.adminMail) });
};

/**
 * GET and OPTIONS on the agency URI: the agency, or the state of the app's own pending invitation (States
 * and transitions: "GET or OPTIONS returns the state of the invitation"). The dispatcher adds Allow to OPTIONS.
 */
const read: Handler = (ctx) => {
  const agency = ctx.world.store.invitationOrAgency(ctx.app, ctx.values.adminMail!);
  if (!agency) return notFound();
  return represent(
    ctx,
    () => agenciaFull(agency, ctx.world.choices),
    () => agenciaRef(agency),
  );
};

const edit: Handler = (ctx) => {
  const body = asObject(ctx.body);
  if (!body) return invalid(ctx, entryLevel('the body must be a JSON object (AgenciaEdit)'));
  const types = ctx.world.choices.agenciaEditFields;
  const errors = typeErrors(body, types);
  if (hasErrors(errors)) return invalid(ctx, errors);
  const agency = ctx.world.store.visibleAgency(ctx.app, ctx.values.adminMail!);
  if (!agency) return forbidden(ctx, 'the agency does not exist for the app, or the app has no permission over it');
  Object.assign(agency.fields, pick(body, types));
  return represent(
    ctx,
    () => agenciaFull(agency, ctx.world.choices),
    () => agenciaRef(agency),
  );
};

const desasociar: Handler = (ctx) => {
  const agency = ctx.world.store.visibleAgency(ctx.app, ctx.values.adminMail!);
  if (!agency) return forbidden(ctx, 'the app has no permission over the agency');
  // "the agency keeps its own account": only the association goes.
  agency.apps.delete(ctx.app);
  return empty(204);
};

const productos: Handler = (ctx) => {
  const agency = ctx.world.store.visibleAgency(ctx.app, ctx.values.adminMail!);
  return agency ? represent(ctx, () => productosFull(agency)) : notFound();
};

export const AGENCIAS_HANDLERS: Readonly<Record<string, Handler>> = {
  'agencias-list': list,
  'agencias-invite': invite,
  'agencias-get': read,
  'agencias-options': read,
  'agencias-put': edit,
  'agencias-desasociar': desasociar,
  'agencias-productos': productos,
};
