import { listEntries, type Endpoint } from '../../models/index.ts';
import type { EndpointCall } from '../../sut/call.ts';
import { hrefIds } from '../harness/catalog-probe.ts';
import { cityQuery, keyValue, NO_CITY, type CatalogArea } from '../harness/catalog-keys.ts';
import type { Check } from '../harness/check.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { fillTemplate } from '../../sut/templates.ts';
import { agenciaEditBody, webhookBody } from '../harness/request-inputs.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';

// A valid request for every endpoint, so that a media-type check judges the success response. Inputs come
// from the run's fixtures, catalog records found in the lists (never an id assumed to exist: the profile's
// catalogKeys id pointer, or a reference-form href's last segment), and for changes, resources this run made.

/** A request, or why none can be built against this target and profile. */
export type ValidRequest = EndpointCall | string;

export interface RequestEnv {
  session: WebhookSession;
  /** An agency this run invited and registered (memoized), or skips when the hooks cannot register one. */
  ownAgency(c: Check): Promise<string>;
}

async function firstRecord(c: Check, endpointId: string, query?: Record<string, string>): Promise<unknown> {
  const res = await c.send(endpointId, { form: 'json', ...(query ? { query } : {}) });
  return res.status === 200 ? listEntries(res.json)?.[0] : undefined;
}

/** An id of a record of the list: by the profile's id pointer, else by a reference-form href (where the list has one). */
async function someId(c: Check, area: CatalogArea, listId: string, query?: Record<string, string>, refForm = true): Promise<string | undefined> {
  const byPointer = keyValue(c, area, 'id', await firstRecord(c, listId, query));
  if (byPointer !== undefined || !refForm) return byPointer;
  const res = await c.send(listId, { form: 'ref', ...(query ? { query } : {}) });
  return res.status === 200 ? hrefIds(res)[0]?.id : undefined;
}

const noKey = (area: CatalogArea) => `the profile maps no catalogKeys.${area}.id, and the list offers no reference form to find an id`;

/** Ensures the profile's registration topic is configured (saved first; restored in afterAll). */
async function configuredTopic(c: Check, env: RequestEnv): Promise<string> {
  const topic = c.ctx.profile.topics.registration;
  await env.session.guard('primary', topic);
  const put = await c.send('appnotificaciones-put', { params: { topic }, json: webhookBody(c) });
  if (put.status === 404) {
    const post = await c.send('appnotificaciones-post', { params: { topic }, json: webhookBody(c) });
    c.givenStatus(post, 201, `configuring the available topic ${topic}`);
  } else {
    c.givenStatus(put, 200, `configuring the available topic ${topic}`);
  }
  return topic;
}

/** A topic that reads as configured without changing anything: the first of the profile's available topics that does. */
async function alreadyConfigured(c: Check): Promise<string | undefined> {
  for (const topic of [c.ctx.profile.topics.inquiry, c.ctx.profile.topics.registration]) {
    const res = await c.send('appnotificaciones-get', { params: { topic }, form: 'json' });
    if (res.status === 200) return topic;
  }
  return undefined;
}

/**
 * A valid request for `e`. `write` allows preparing state (configuring a topic, registering an agency);
 * without it only what already exists is used.
 */
export async function validRequest(c: Check, e: Endpoint, env: RequestEnv, write: boolean): Promise<ValidRequest> {
  // Read only where the row needs it: without a fixture agency, every other row is still requested.
  const adminMail = c.known('agency');
  const noAgency = c.ctx.fixtures.missing.agency ?? 'no agency of the primary app is known';
  switch (e.id) {
    case 'home':
    case 'agencias-list':
    case 'appnotificaciones-list':
    case 'carrocerias-list':
    case 'colores-list':
    case 'marcas-list':
      return {};
    case 'agencias-get':
    case 'agencias-productos':
    case 'agencias-options':
    case 'consultas-list':
      return adminMail ? { params: { adminMail } } : noAgency;
    case 'consultas-get': {
      const sid = c.known('inquirySid');
      if (!adminMail) return noAgency;
      return sid ? { params: { adminMail, sid } } : (c.ctx.fixtures.missing.inquirySid ?? "the fixture agency's list names no inquiry");
    }
    case 'agencias-invite': {
      if (!write) return 'POST invites an agency';
      const invited = freshAdminMail(c, 'tj');
      return { json: fillTemplate(c.ctx.profile.templates.agenciaCreate, { adminMail: invited, runId: c.ctx.runId }) };
    }
    case 'agencias-put': {
      if (!write) return 'PUT changes an agency';
      const own = await env.ownAgency(c);
      return { params: { adminMail: own }, json: agenciaEditBody(c, own) };
    }
    case 'appnotificaciones-get': {
      const existing = await alreadyConfigured(c);
      if (existing) return { params: { topic: existing } };
      if (!write || c.ctx.readOnly) return 'no topic of the profile is configured, and configuring one changes the target';
      return { params: { topic: await configuredTopic(c, env) } };
    }
    case 'appnotificaciones-put': {
      if (!write) return 'PUT changes a webhook configuration';
      return { params: { topic: await configuredTopic(c, env) }, json: webhookBody(c) };
    }
    case 'appnotificaciones-post': {
      if (!write) return 'POST changes a webhook configuration';
      const topic = c.ctx.profile.topics.registration;
      await env.session.guard('primary', topic);
      // POST creates: the topic must not be configured (a 404 means it already is not).
      const del = await c.send('appnotificaciones-delete', { params: { topic } });
      c.givenStatus(del, [204, 404], `removing the configuration of ${topic} before creating it`);
      return { params: { topic }, json: webhookBody(c) };
    }
    case 'carrocerias-get':
    case 'carrocerias-bestmatch': {
      const id = await someId(c, 'carrocerias', 'carrocerias-list', undefined, false);
      if (id === undefined) return noKey('carrocerias');
      return e.id === 'carrocerias-get' ? { params: { id } } : { query: { bodystyle: id } };
    }
    case 'colores-get': {
      const id = await someId(c, 'colores', 'colores-list');
      return id === undefined ? noKey('colores') : { params: { id } };
    }
    case 'ciudades-list':
    case 'ciudades-get':
    case 'ciudades-bestmatch': {
      const query = (await cityQuery(c))?.query;
      if (!query) return NO_CITY;
      if (e.id === 'ciudades-list') return { query };
      if (e.id === 'ciudades-get') {
        const id = await someId(c, 'ciudades', 'ciudades-list', query);
        return id === undefined ? noKey('ciudades') : { params: { id } };
      }
      const city = await firstRecord(c, 'ciudades-list', query);
      const [state, name] = [keyValue(c, 'states', 'id', city), keyValue(c, 'ciudades', 'id', city)];
      if (state === undefined || name === undefined) return 'the profile maps no catalogKeys.states.id or no catalogKeys.ciudades.id';
      return { query: { state, city: name } };
    }
    case 'marcas-bestmatch': {
      const record = await firstRecord(c, 'marcas-list');
      const id = keyValue(c, 'marcas', 'id', record);
      if (id !== undefined) return { query: { make: id } };
      // Without catalogKeys, the reference title (a human label for the make) is the likeliest name to match.
      const res = await c.send('marcas-list', { form: 'ref' });
      const title = hrefIds(res)[0]?.title;
      return title === undefined ? noKey('marcas') : { query: { make: title } };
    }
    default:
      return `no valid request is known for ${e.id}`;
  }
}
