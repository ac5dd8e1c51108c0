import { callEndpoint } from '../call.ts';
import { memberPointer } from '../json-pointer.ts';
import { errorKeys, found, hint, objectBody, type Finding, type Hint, type Probe } from './probe.ts';

// AppWebhook and AppWebhookUpsert: "Fields of these: not shown". The member that carries the callback URL is the
// one a configured topic's AppWebhook shows an absolute URL in, and, by trying on a topic the app has not
// configured: the member a POST without it is refused for (the validation problem's Errors key it, Errors
// section), which configures the topic when given a URL. Other members such a POST requires are given a plain
// value (which of them takes a signing secret, a delivery tells: secret-member.ts). The topic is put back afterwards.

const PLACEHOLDER_URL = 'https://vmp-conformance.invalid/init';
/** The value of a required member that is not the URL: long enough for a secret's minimum length. */
const PLACEHOLDER = 'vmp-conformance-placeholder';

/** Members of a configured AppWebhook holding an absolute URL outside the API's own (and its links). */
function urlMembers(representation: unknown, apiBase: string): string[] {
  const body = objectBody(representation) ?? {};
  return Object.entries(body).flatMap(([k, v]) =>
    k !== '_links' && typeof v === 'string' && /^https?:\/\/[^/]/i.test(v) && !v.startsWith(apiBase) ? [k] : [],
  );
}

/** A topic name AppWebhooks does not list: PUT on it is "404 (unavailable or never configured)", never a change. */
const UNLISTED = 'vmp-conformance-unlisted';

/**
 * Read-only, by PUT on a topic no app has: a body without the URL member refused (400) keying it, the same body
 * with it set to a URL passing validation (404: the topic is not there). Tells nothing where the target checks
 * the topic before the body.
 */
async function byDryPut(p: Probe, topics: readonly string[]): Promise<TemplateFinding | undefined> {
  const topic = topics.includes(UNLISTED) ? `${UNLISTED}-2` : UNLISTED;
  const refused = await callEndpoint(p.client, 'appnotificaciones-put', { params: { topic }, json: {} });
  if (refused.status !== 400) return undefined;
  const required = errorKeys(refused.json);
  for (const member of required) {
    const json = { [member]: PLACEHOLDER_URL, ...Object.fromEntries(required.filter((k) => k !== member).map((k) => [k, PLACEHOLDER])) };
    const res = await callEndpoint(p.client, 'appnotificaciones-put', { params: { topic }, json });
    if (res.status !== 404) continue;
    const template = { ...json, [member]: '{{url}}' };
    const how = `PUT /v3/appnotificaciones/${topic} (a topic no app has: nothing changes) with {} was refused keying ${required.join(', ')}; with ${member} set to a URL it passed validation (404)`;
    return { template, findings: [found('templates.webhookUpsert', template, how)], hints: [], required: required.filter((k) => k !== member) };
  }
  return undefined;
}

export interface TemplateFinding {
  findings: Finding[];
  hints: Hint[];
  /** The template, when found. */
  template?: Record<string, unknown>;
  /** Members besides the URL one that a POST without them was refused for (given a placeholder). */
  required?: string[];
}

/** The AppWebhookUpsert template, from the representations of configured topics and by trying on an unconfigured one. */
export async function inferUpsertTemplate(p: Probe, topics: readonly string[]): Promise<TemplateFinding> {
  const apiBase = `${p.client.baseUrl}/v3`;
  const unconfigured: string[] = [];
  const shown: string[] = [];
  for (const topic of topics) {
    const res = await callEndpoint(p.client, 'appnotificaciones-get', { params: { topic }, form: 'json' });
    if (res.status === 404) unconfigured.push(topic);
    else if (res.status === 200) shown.push(...urlMembers(res.json, apiBase));
  }
  const fromRepresentation = [...new Set(shown)];
  const topic = unconfigured[0];
  if (p.readOnly || topic === undefined || !(await p.changes.guard('primary', topic))) {
    const dry = await byDryPut(p, topics);
    if (dry?.template) {
      p.changes.useTemplate(dry.template);
      return dry;
    }
    if (fromRepresentation.length === 1) {
      const member = fromRepresentation[0]!;
      p.changes.useTemplate({ [member]: '{{url}}' });
      return {
        template: { [member]: '{{url}}' },
        findings: [
          found(
            'templates.webhookUpsert',
            { [member]: '{{url}}' },
            `the only member of a configured AppWebhook holding a callback URL (not tried${p.readOnly ? ': --read-only' : ''})`,
          ),
        ],
        hints: [],
      };
    }
    const why = p.readOnly
      ? '--read-only tries no POST'
      : topic === undefined
        ? 'every topic is configured, and no AppWebhook read shows one URL member'
        : `the topic '${topic}' could not be saved first`;
    return {
      findings: [],
      hints: [hint('templates.webhookUpsert', `${why}; give the AppWebhookUpsert body with "{{url}}" for the callback URL, e.g. {"Url": "{{url}}"}`)],
    };
  }
  const url = p.receiver?.url('template') ?? PLACEHOLDER_URL;
  const refused = await callEndpoint(p.client, 'appnotificaciones-post', { params: { topic }, json: {} });
  const required = refused.status === 400 ? errorKeys(refused.json) : [];
  const others = (member: string): Record<string, unknown> => Object.fromEntries(required.filter((k) => k !== member).map((k) => [k, PLACEHOLDER]));
  for (const member of [...new Set([...fromRepresentation, ...required])]) {
    const body = { [member]: url, ...others(member) };
    const res = await callEndpoint(p.client, 'appnotificaciones-post', { params: { topic }, json: body });
    if (res.status !== 201 && res.status !== 200) continue;
    const template: Record<string, unknown> = { [member]: '{{url}}', ...others(member) };
    p.changes.useTemplate(template);
    const how = `POST /v3/appnotificaciones/${topic} with {} was refused keying ${required.join(', ') || 'nothing'}; with ${member} set to a URL it answered ${res.status} (the topic is put back afterwards)`;
    // Where the AppWebhook keeps the URL, when not under the upsert's name (the restore reads it there).
    const read = await callEndpoint(p.client, 'appnotificaciones-get', { params: { topic }, form: 'json' });
    const at = Object.entries(objectBody(read.json) ?? {}).find(([, v]) => v === url)?.[0];
    const restoreFrom =
      at !== undefined && at !== member
        ? [found('webhooks.restoreFrom', { [member]: memberPointer(at) }, `GET /v3/appnotificaciones/${topic} shows the URL under ${at}`)]
        : [];
    return { template, findings: [found('templates.webhookUpsert', template, how), ...restoreFrom], hints: [], required: required.filter((k) => k !== member) };
  }
  return {
    findings: [],
    hints: [
      hint(
        'templates.webhookUpsert',
        `POST /v3/appnotificaciones/${topic} was refused with every member tried (${required.join(', ') || 'none keyed'}); give the AppWebhookUpsert body with "{{url}}"`,
      ),
    ],
  };
}
