import type { TargetResponse } from '../../sut/client.ts';
import { fillTemplate } from '../../sut/templates.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { statusOf } from './outcomes.ts';
import { guardedWrite, REFUSED_RULE, type Read } from './reads.ts';
import type { ModelRunner } from './runner.ts';
import { TOPIC_ENDPOINT, type TopicRole } from './topics.ts';
import type { App, World } from './world.ts';

// Errors: "400 | validation failed". A write refused with 400 was not made: every read the caller and the other
// app had of what it names reads as before (model/refused-write-unchanged). The bodies are the profile's
// templates with one member invalid while the rest would do: for an invitation, a fresh AdminMail with another
// member of another JSON type (readable at its agency URI had it been made); for a webhook configuration, a new
// callback URL with another member of another type, or a URL member that is no URL. The types of those members
// are "not shown", so a target may take the body (2xx): nothing is judged then, and what it made is undone.

/** A value of another JSON type than `v`: a number for a string, a string for anything else. */
const otherType = (v: unknown): unknown => (typeof v === 'string' ? 42 : typeof v === 'number' ? 'not-a-number' : 'not-a-boolean-or-object');

/** The first member of a template that is not null and holds neither the URL, the AdminMail nor a secret (`${ENV}`). */
const plainMember = (template: Record<string, unknown>): string | undefined =>
  Object.entries(template).find(([, v]) => v !== null && !(typeof v === 'string' && /\{\{(url|adminMail)\}\}|\$\{/.test(v)))?.[0];

/** The member of the AppWebhookUpsert template that carries the callback URL. */
const urlMember = (template: Record<string, unknown>): string | undefined =>
  Object.entries(template).find(([, v]) => typeof v === 'string' && v.includes('{{url}}'))?.[0];

interface InvalidWrite {
  what: string;
  statement: string;
  accepted: number;
  send: () => Promise<TargetResponse>;
  untouched: Read[];
  /** Puts back what an accepted write changed. */
  undo: () => Promise<unknown>;
}

async function judgeInvalidWrite(r: ModelRunner, x: InvalidWrite): Promise<void> {
  const expectation = { rule: REFUSED_RULE, statement: x.statement, status: [x.accepted, 400], what: x.what };
  const { res } = await guardedWrite(r, { expectation, send: x.send, untouched: x.untouched, onlyRefused: true });
  if (res.status === x.accepted) {
    r.ledger.unjudged(REFUSED_RULE, `${x.what} was accepted (${res.status}): the member's type is not shown`);
    await x.undo();
  }
}

/** An invitation of a fresh AdminMail with another member of the template mistyped, by `app`: refused, nobody sees it. */
export async function judgeInvalidInvite(r: ModelRunner, w: World, app: App): Promise<void> {
  const template = r.ctx.profile.templates.agenciaCreate;
  const member = plainMember(template);
  if (!member) return r.ledger.unjudged(REFUSED_RULE, 'templates.agenciaCreate has no member but AdminMail to make an invitation invalid with');
  const adminMail = freshAdminMail(r, 'bad');
  const json = { ...fillTemplate(template, { adminMail, runId: r.ctx.runId }), [member]: otherType(template[member]) };
  const untouched: Read[] = [
    ...w.apps.map((a): Read => ({ app: a, endpointId: 'agencias-get', params: { adminMail }, what: `app ${a}'s read of ${adminMail}` })),
    { app, endpointId: 'agencias-options', params: { adminMail }, what: `app ${app}'s OPTIONS of ${adminMail}` },
    { app, endpointId: 'agencias-list', form: 'ref', what: `app ${app}'s agency list` },
  ];
  await judgeInvalidWrite(r, {
    what: `app ${app} inviting the fresh ${adminMail} with ${member} ${JSON.stringify(json[member])}`,
    statement: 'states/invitation-condition',
    accepted: statusOf('agencias-invite', 'success'),
    send: () => r.send('agencias-invite', { app, json }),
    untouched,
    undo: async () => undefined,
  });
}

/**
 * PUT (the topic configured, at `url`) or POST (not configured) of `role`'s topic as `app` with one member invalid:
 * refused, the caller's configuration and list and the other apps' configuration read as before.
 */
export async function judgeInvalidTopicWrites(r: ModelRunner, w: World, app: App, role: Exclude<TopicRole, 'unavailable'>, url: string | null): Promise<void> {
  const template = r.ctx.profile.templates.webhookUpsert;
  const topic = r.ctx.profile.topics[role];
  const verb = url === null ? 'POST' : 'PUT';
  const id = TOPIC_ENDPOINT[verb];
  const fresh = await r.callbackUrl(app, `${role}-invalid`);
  const valid = r.session.upsertBody(fresh);
  const bodies: [string, Record<string, unknown>][] = [];
  const member = plainMember(template);
  if (member) bodies.push([`${member} ${JSON.stringify(otherType(template[member]))}`, { ...valid, [member]: otherType(template[member]) }]);
  const urlKey = urlMember(template);
  if (urlKey) bodies.push([`${urlKey} "not a url"`, { ...valid, [urlKey]: 'not a url' }]);
  const untouched: Read[] = [
    ...w.apps.map((a): Read => ({ app: a, endpointId: TOPIC_ENDPOINT.GET, params: { topic }, what: `app ${a}'s '${topic}' configuration` })),
    { app, endpointId: 'appnotificaciones-list', what: `app ${app}'s AppWebhooks` },
  ];
  const undo = () =>
    url === null
      ? r.send(TOPIC_ENDPOINT.DELETE, { app, params: { topic } })
      : r.send(TOPIC_ENDPOINT.PUT, { app, params: { topic }, json: r.session.upsertBody(url) });
  for (const [how, json] of bodies) {
    await judgeInvalidWrite(r, {
      what: `app ${app} ${verb} '${topic}' (${url === null ? 'not configured' : 'configured'}) with ${how}`,
      statement: 'errors/400',
      accepted: statusOf(id, 'success'),
      send: () => r.send(id, { app, params: { topic }, json, form: 'json' }),
      untouched,
      undo,
    });
  }
}
