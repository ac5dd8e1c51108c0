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
  // Stryker disable next-line BooleanLiteral: Other resources: "AppWebhookUpsert (request body to create or replace a configuration). Fields of these: not shown" (which callback URLs a configuration takes)
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Other resources: "AppWebhookUpsert (request body to create or replace a configuration). Fields of these: not shown" (which callback URLs a configuration takes)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** AppWebhookUpsert: the URL member (required, absolute http or https) and the template's other members. */
function parseUpsert(ctx: Ctx): { errors: Errors } | { url: string; fields: Record<string, unknown> } {
  const body = asObject(ctx.body);
  // Stryker disable next-line StringLiteral: Errors: "map from property name to an array of message strings" (the messages are not shown)
  if (!body) return { errors: entryLevel('the body must be a JSON object (AppWebhookUpsert)') };
  const { webhookUrlField, webhookFields } = ctx.world.choices;
  const errors = typeErrors(body, webhookFields);
  const url = body[webhookUrlField];
  // Stryker disable next-line ArrayDeclaration,ConditionalExpression,StringLiteral: Errors: "map from property name to an array of message strings" (the messages are not shown); Other resources: "AppWebhookUpsert … Fields of these: not shown" (which callback URLs a configuration takes)
  if (!isCallbackUrl(url)) errors[webhookUrlField] = [`${webhookUrlField} is required: an absolute http or https URL`];
  // Stryker disable next-line ConditionalExpression: Other resources: "AppWebhookUpsert (request body to create or replace a configuration). Fields of these: not shown" (which bodies a configuration takes)
  if (hasErrors(errors)) return { errors };
  // Stryker disable next-line ObjectLiteral: Other resources: "AppWebhook (configuration of one topic) … Fields of these: not shown" (which members of the upsert a configuration shows: a signing secret, say, may never be read back)
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
  // Stryker disable next-line StringLiteral: Errors: "The 403 body is a problem body (application/problem+json); its fields: not shown."
  if (!ctx.world.choices.availableTopics.has(topic)) return forbidden(ctx, `the topic '${topic}' is not available to the app`);
  const upsert = parseUpsert(ctx);
  if ('errors' in upsert) return invalid(ctx, upsert.errors);
  const configs = configsOf(ctx);
  // Synchronous check-and-set: of parallel POSTs of one topic exactly one creates it.
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration,StringLiteral: Errors: "map from property name to an array of message strings; the key _ holds entry-level problems" (which key a 409 uses, and its messages, are not shown)
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
  // Stryker disable next-line ObjectLiteral: Other resources: "AppWebhook (configuration of one topic). Fields of these: not shown" (whether it records when it changed)
  Object.assign(config, upsert, { modificadaEl: nowIn(ctx) });
  return represent(ctx, () => appWebhookFull(config, ctx.world.choices));
};

const remove: Handler = (ctx) => (configsOf(ctx).delete(topicOf(ctx)) ? empty(204) : notFound());

// Stryker disable next-line ObjectLiteral: not governed by the spec: the routes are built at start-up (a server that does not start gives a run nothing to judge)
export const APPNOTIFICACIONES_HANDLERS: Readonly<Record<string, Handler>> = {
  'appnotificaciones-list': list,
  'appnotificaciones-get': read,
  'appnotificaciones-post': create,
  'appnotificaciones-put': replace,
  'appnotificaciones-delete': remove,
};
