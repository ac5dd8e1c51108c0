import { checkParam, consultaInput, endpoint, formatInZone, type ParamSpec } from '../../models/index.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Ctx, Handler, World } from '../context.ts';
import { href } from '../links.ts';
import { empty, entryLevel, jsonReply, type Errors } from '../reply.ts';
import type { Agency } from '../state/types.ts';
import { inquiryPayload, registrationPayload } from '../webhooks/payloads.ts';
import { asObject, hasErrors, invalid, notFound } from './respond.ts';

// The simulation hooks (issue 3), a contract shared with the simulator and third-party targets. Authenticated
// like /v3 as the calling app, under the profile's simulationHooks path:
//   POST {hooks}/consultas                       {"adminMail", "consulta"} → 201 {"sid"} + Location; 400; 404
//   POST {hooks}/agencias/{adminMail}/registro   → 204 (completes the app's invitation, associating the agency
//                                                  with every app that invited it); 404
//   POST {hooks}/reset                           → 204 (back to the seed state, every app)

const ADMIN_MAIL_SPEC = endpoint('agencias-get').params.find((p) => p.name === 'adminMail')!;
/** Strict: a stored inquiry has exactly the documented members (Resources > Consulta). */
const CONSULTA = consultaInput('strict');

function deliverRegistration(world: World, app: AppName, agency: Agency): void {
  const c = world.choices;
  const config = world.store.webhooksOf(app).get(c.registrationTopic);
  if (config) world.webhooks.send(app, c.registrationTopic, config.url, registrationPayload(c, agency));
}

const receiveInquiry: Handler = (ctx) => {
  const body = asObject(ctx.body);
  if (!body) return invalid(ctx, entryLevel('the body must be a JSON object: {"adminMail": string, "consulta": Consulta}'));
  const errors: Errors = {};
  const adminMail = body.adminMail;
  if (typeof adminMail !== 'string') errors.adminMail = ['adminMail is required'];
  else {
    const verdict = checkParam(ADMIN_MAIL_SPEC, adminMail, ctx.world.today());
    if (!verdict.valid) errors.adminMail = [`adminMail: ${verdict.reason}`];
  }
  const parsed = CONSULTA.safeParse(body.consulta);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = ['consulta', ...issue.path.map(String)].join('.');
      (errors[key] ??= []).push(issue.code === 'unrecognized_keys' ? `unknown members: ${issue.keys.join(', ')}` : issue.message);
    }
  }
  if (hasErrors(errors) || !parsed.success) return invalid(ctx, errors);
  const { store, choices: c } = ctx.world;
  const agency = store.visibleAgency(ctx.app, adminMail as string);
  if (!agency) return notFound();
  const inquiry = store.addInquiry(agency, parsed.data, ctx.app);
  const config = store.webhooksOf(ctx.app).get(c.inquiryTopic);
  if (config) ctx.world.webhooks.send(ctx.app, c.inquiryTopic, config.url, inquiryPayload(c, agency, inquiry));
  return jsonReply(201, { sid: inquiry.sid }, undefined, { Location: href.consulta(agency.adminMail, inquiry.sid) });
};

const completeRegistration: Handler = (ctx: Ctx) => {
  const agency = ctx.world.store.agency(ctx.values.adminMail!);
  if (agency?.estado === 'registrada' && agency.apps.has(ctx.app)) return empty(204);
  if (agency?.estado !== 'pendiente' || !agency.invitedBy.has(ctx.app)) return notFound();
  agency.estado = 'registrada';
  agency.registradaEl = formatInZone(ctx.world.now(), ctx.world.choices.timeZone);
  // The agency registers once, with every app that invited it (each subscribed one is notified: Events).
  for (const app of agency.invitedBy) {
    agency.apps.add(app);
    deliverRegistration(ctx.world, app, agency);
  }
  return empty(204);
};

const reset: Handler = (ctx) => {
  ctx.world.reset();
  return empty(204);
};

export interface HookRoute {
  id: string;
  path: string;
  params: ParamSpec[];
  takesBody: boolean;
  /** Statuses the contract lists besides success, for the refusal of an invalid parameter. */
  others: number[];
  handler: Handler;
}

export function hookRoutes(hooksPath: string): HookRoute[] {
  return [
    { id: 'sim-consultas', path: `${hooksPath}/consultas`, params: [], takesBody: true, others: [400, 404], handler: receiveInquiry },
    {
      id: 'sim-registro',
      path: `${hooksPath}/agencias/{adminMail}/registro`,
      params: [ADMIN_MAIL_SPEC],
      takesBody: false,
      others: [404],
      handler: completeRegistration,
    },
    { id: 'sim-reset', path: `${hooksPath}/reset`, params: [], takesBody: false, others: [], handler: reset },
  ];
}
