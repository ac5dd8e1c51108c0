import { fillTemplate } from '../../sut/templates.ts';
import { predictInvite } from './predict.ts';
import { guardedWrite, REFUSED_RULE, type Read } from './reads.ts';
import type { ModelRunner } from './runner.ts';
import { agencyOf, type App, type World } from './world.ts';

// States and transitions > Agency invitation: POST /v3/agencias of an AdminMail already registered is refused
// (409) — and refused means nothing changes: the agency's apps read it as before, the caller does not gain it
// (its read of the agency and its agency list as before).

/** Invites `adminMail`, which the model knows as registered, as `app`; judged with the reads a refusal calls for. */
export async function judgeInvite(r: ModelRunner, w: World, app: App, adminMail: string, rule = REFUSED_RULE): Promise<void> {
  const p = predictInvite(w, adminMail);
  if (!p) return r.ledger.unjudged(rule, `the model cannot tell whether ${adminMail} is registered`);
  const owners = [...(agencyOf(w, adminMail)?.apps ?? [])];
  const untouched: Read[] = [
    ...owners.map((a): Read => ({ app: a, endpointId: 'agencias-get', params: { adminMail }, what: `app ${a}'s agency ${adminMail}` })),
    ...(owners.includes(app) ? [] : [{ app, endpointId: 'agencias-get', params: { adminMail }, what: `app ${app}'s view of ${adminMail}` }]),
    { app, endpointId: 'agencias-list', form: 'ref', what: `app ${app}'s agency list` },
  ];
  const json = fillTemplate(r.ctx.profile.templates.agenciaCreate, { adminMail, runId: r.ctx.runId });
  const what = `app ${app} inviting ${adminMail}, which is registered`;
  await guardedWrite(r, { expectation: { rule, ...p, what }, send: () => r.send('agencias-invite', { app, json }), untouched });
}
