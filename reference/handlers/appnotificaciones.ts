import { formatInZone } from '../../models/index.ts';
import type { Ctx, Handler } from '../context.ts';
import { href } from '../links.ts';
import { empty, entryLevel, type Errors } from '../reply.ts';
import { appWebhookFull, appWebhooksFull } from '../representations.ts';
import type { WebhookConfig } from '../state/types.ts';
import { asObject, forbidden, hasErrors, invalid, notFound, pick, represent, typeErrors } from './respond.ts';

// Endpoints > AppNotificaciones and Events: one configuration per app and available topic. Topics the
// profile names for inquiries and registrations are available; any other is not (POST 403; GET, PUT,
// DELETE 404: "webhook unavailable or never configured").

function isCallbackUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** AppWebhookUpsert: the URL member (required, absolute http or https) and the template's other members. */
function parseUpsert(ctx: Ctx): { errors: Errors } | { url: string; fields: Record<string, unknown> } {
  const body = asObject(ctx.body);
  if (!body) return { errors: entryLevel('the body must be a JSON object (AppWebhookUpsert)') };
  const { webhookUrlField, webhookFields } = ctx.world.choices;
  const errors = typeErrors(body, webhookFields);
  const url = body[webhookUrlField];
  if (!isCallbackUrl(url)) errors[webhookUrlField] = [`${webhookUrlField} is required: an absolute http or https URL`];
  if (hasErrors(errors)) return { errors };
  return { url: url as string, fields: { [webhookUrlField]: url, ...pick(body, webhookFields) } };
}

const topicOf = (ctx: Ctx) => ctx.values.topic!;
const configsOf = (ctx: Ctx) => ctx.world.store.webhooksOf(ctx.app);
const nowIn = (ctx: Ctx) => formatInZone(ctx.world.now(), ctx.world.choices.timeZone);

const list: Handler = (ctx) => represent(ctx, () => appWebhooksFull(configsOf(ctx), ctx.world.choices));

const read: Handler = (ctx) => {
  const config = configsOf(ctx).get(topicOf(ctx));
  return config ? represent(ctx, () => appWebhookFull(config, ctx.world.choices)) : notFound();
};

const create: Handler = (ctx) => {
  const topic = topicOf(ctx);
  if (!ctx.world.choices.availableTopics.has(topic)) return forbidden(ctx, `the topic '${topic}' is not available to the app`);
  const upsert = parseUpsert(ctx);
  if ('errors' in upsert) return invalid(ctx, upsert.errors);
  const configs = configsOf(ctx);
  // Synchronous check-and-set: of parallel POSTs of one topic exactly one creates it.
  if (configs.has(topic)) return invalid(ctx, { topic: ['the configuration is already created; use PUT'] }, 409);
  const now = nowIn(ctx);
  const config: WebhookConfig = { topic, ...upsert, creadaEl: now, modificadaEl: now };
  configs.set(topic, config);
  return represent(ctx, () => appWebhookFull(config, ctx.world.choices), undefined, 201, { Location: href.appWebhook(topic) });
};

const replace: Handler = (ctx) => {
  const upsert = parseUpsert(ctx);
  if ('errors' in upsert) return invalid(ctx, upsert.errors);
  const config = configsOf(ctx).get(topicOf(ctx));
  if (!config) return notFound();
  Object.assign(config, upsert, { modificadaEl: nowIn(ctx) });
  return represent(ctx, () => appWebhookFull(config, ctx.world.choices));
};

const remove: Handler = (ctx) => (configsOf(ctx).delete(topicOf(ctx)) ? empty(204) : notFound());

export const APPNOTIFICACIONES_HANDLERS: Readonly<Record<string, Handler>> = {
  'appnotificaciones-list': list,
  'appnotificaciones-get': read,
  'appnotificaciones-post': create,
  'appnotificaciones-put': replace,
  'appnotificaciones-delete': remove,
};
