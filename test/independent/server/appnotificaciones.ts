// Webhook configuration per topic. AppWebhookUpsert takes CallbackUrl and Secreto (or, in a variant, Destino and
// an optional ClaveFirma, other members ignored); the AppWebhook shows the callback as Destino and never shows the
// secret.
import { checkMembers } from './body-check.ts';
import { formatInstant } from './clock.ts';
import { location, seg, type Context } from './context.ts';
import { readJsonBody } from './http-io.ts';
import { chooseForm, FULL_FORMS } from './media.ts';
import { Bare, fail, Forbidden, ValidationFailure, type Reply } from './reply.ts';
import type { WebhookConfig } from './store.ts';
import { isAbsoluteHttpUrl } from './validate.ts';

const TOPIC_MAX = 80;
const topicPath = (topic: string): string => `/v3/appnotificaciones/${seg(topic)}`;

function appWebhook(ctx: Context, topic: string, config: WebhookConfig): unknown {
  return {
    Topico: topic,
    Destino: config.url,
    Alta: formatInstant(config.createdAt, ctx.config.timeZone),
    Actualizado: formatInstant(config.updatedAt, ctx.config.timeZone),
    _links: { self: { href: topicPath(topic) } },
  };
}

const urlCheck = (v: string): string | undefined => (isAbsoluteHttpUrl(v) ? undefined : 'debe ser una URL http(s) absoluta');

async function upsertBody(ctx: Context): Promise<{ url: string; secret: string | null }> {
  const body = await readJsonBody(ctx.req);
  if (ctx.config.webhookUpsert === 'firma-opcional') {
    const values = checkMembers(
      body,
      {
        Destino: { required: true, nullable: false, maxLength: 2000, check: urlCheck },
        ClaveFirma: { required: false, nullable: true, maxLength: 200, check: (v) => (v.length >= 12 ? undefined : 'al menos 12 caracteres') },
      },
      'ignore',
    );
    return { url: values.Destino!, secret: values.ClaveFirma ?? null };
  }
  const values = checkMembers(body, {
    CallbackUrl: { required: true, nullable: false, maxLength: 2000, check: urlCheck },
    Secreto: { required: true, nullable: false, maxLength: 200, check: (v) => (v.length >= 16 ? undefined : 'al menos 16 caracteres') },
  });
  return { url: values.CallbackUrl!, secret: values.Secreto! };
}

function topicParam(ctx: Context): string {
  return ctx.params.topic ?? '';
}

/** A configured topic of the app, else 404 (GET, PUT, DELETE define only 404 for it). */
function configured(ctx: Context): WebhookConfig {
  const topic = topicParam(ctx);
  const config = ctx.app.topics.includes(topic) ? ctx.store.topicsOf(ctx.app).get(topic) : undefined;
  if (!config) throw new Bare(404);
  return config;
}

export function listTopics(ctx: Context): Reply {
  const topics = ctx.store.topicsOf(ctx.app);
  return {
    status: 200,
    contentType: chooseForm(ctx, FULL_FORMS),
    body: {
      Topicos: [...ctx.app.topics]
        .sort()
        .reverse()
        .map((topic) => ({
          Topico: topic,
          Configurado: topics.has(topic),
          Destino: topics.get(topic)?.url ?? null,
          _links: { self: { href: topicPath(topic) } },
        })),
      _links: { self: { href: '/v3/appnotificaciones' } },
    },
  };
}

export function getTopic(ctx: Context): Reply {
  const config = configured(ctx);
  return { status: 200, contentType: chooseForm(ctx, FULL_FORMS), body: appWebhook(ctx, topicParam(ctx), config) };
}

export async function createTopic(ctx: Context): Promise<Reply> {
  const topic = topicParam(ctx);
  if (topic.length > TOPIC_MAX) fail('topic', `topic admite hasta ${TOPIC_MAX} caracteres`);
  if (!ctx.app.topics.includes(topic)) throw new Forbidden(`el tópico ${topic} no está disponible para la app`);
  const { url, secret } = await upsertBody(ctx);
  const topics = ctx.store.topicsOf(ctx.app);
  if (topics.has(topic)) throw new ValidationFailure({ _: ['la configuración ya existe: use PUT'] }, 409, 'Configuración existente');
  const now = ctx.config.now();
  const config = { url, secret, createdAt: now, updatedAt: now };
  topics.set(topic, config);
  return {
    status: 201,
    contentType: chooseForm(ctx, FULL_FORMS),
    body: appWebhook(ctx, topic, config),
    headers: { Location: location(ctx, topicPath(topic)) },
  };
}

export async function replaceTopic(ctx: Context): Promise<Reply> {
  const topic = topicParam(ctx);
  if (topic.length > TOPIC_MAX) fail('topic', `topic admite hasta ${TOPIC_MAX} caracteres`);
  const config = configured(ctx);
  const { url, secret } = await upsertBody(ctx);
  Object.assign(config, { url, secret, updatedAt: ctx.config.now() });
  return { status: 200, contentType: chooseForm(ctx, FULL_FORMS), body: appWebhook(ctx, topic, config) };
}

export function deleteTopic(ctx: Context): Reply {
  configured(ctx);
  ctx.store.topicsOf(ctx.app).delete(topicParam(ctx));
  return { status: 204 };
}
