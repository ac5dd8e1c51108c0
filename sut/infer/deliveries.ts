import { callEndpoint } from '../call.ts';
import type { TargetResponse } from '../client.ts';
import { memberPointer } from '../json-pointer.ts';
import { fillTemplate } from '../templates.ts';
import type { Profile } from '../profile.ts';
import { found, guessed, hint, objectBody, type Finding, type Hint, type Probe, type Received } from './probe.ts';
import type { ResendCandidate } from './resend-candidates.ts';
import { findSecretMember } from './secret-member.ts';

type SignatureConfig = NonNullable<Profile['webhooks']['signature']>;

// Events: the inquiry webhook "can be sent again on request", and resendwebhook answers 202 with "Location (URI of
// the webhook callback)" and "the body carries the webhook payload that was sent". With every available topic
// pointed at a callback of its own, a resend tells which topic is the inquiry one (by its Location, or where the
// delivery arrives), where in the payload the Consulta read by sid sits, and, where the delivery carries a
// signature-looking header, the signing scheme (verified against the secret given). Deleting the inquiry topic's
// configuration and resending again tells what resend does without a callback. Everything is put back afterwards.

/** The body without its links, for comparing a Consulta as a payload carries it with the one read by sid. */
const withoutLinks = (v: unknown): string => JSON.stringify(v, (k, x: unknown) => (k === '_links' ? undefined : x));

/** The pointer of the first object in `payload` equal (links aside) to `consulta`. */
export function pointerTo(payload: unknown, consulta: unknown, at = ''): string | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  if (!Array.isArray(payload) && withoutLinks(payload) === withoutLinks(consulta)) return at;
  for (const [k, v] of Object.entries(payload)) {
    if (k === '_links') continue;
    const found = pointerTo(v, consulta, `${at}${Array.isArray(payload) ? `/${k}` : memberPointer(k)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Header names that look like a signature: Standard Webhooks', or one holding a 32-byte MAC (hex or base64). */
function signatureCandidates(d: Received): { scheme: 'standard-webhooks' } | { scheme: 'hmac-sha256'; header: string } | undefined {
  if (d.headers['webhook-signature'] !== undefined) return { scheme: 'standard-webhooks' };
  const mac = /^(sha256=)?([0-9a-f]{64}|[A-Za-z0-9+/_-]{43}=?)$/i;
  const header = Object.entries(d.headers).find(([, v]) => typeof v === 'string' && mac.test(v.trim()))?.[0];
  return header ? { scheme: 'hmac-sha256', header } : undefined;
}

/** The signing scheme a delivery verifies by with `secret`, when it does. */
function verifiedScheme(p: Probe, d: Received, secret: string): SignatureConfig | undefined {
  const seen = signatureCandidates(d);
  if (!seen) return undefined;
  const config: SignatureConfig = seen.scheme === 'standard-webhooks' ? { scheme: seen.scheme, secret } : { scheme: seen.scheme, header: seen.header, secret };
  return p.verify(config, d.headers, d.raw) ? config : undefined;
}

const shownBy = (seen: NonNullable<ReturnType<typeof signatureCandidates>>) =>
  seen.scheme === 'standard-webhooks' ? 'webhook-signature (Standard Webhooks)' : `${seen.header} (a 32-byte MAC)`;

function signatureFinding(p: Probe, d: Received, secret: string | undefined): Finding | Hint {
  const seen = signatureCandidates(d);
  if (!seen) return found('webhooks.signature', null, 'the inquiry webhook delivered on a resend carries no signature-looking header');
  const shown = shownBy(seen);
  if (secret === undefined)
    return hint(
      'webhooks.signature',
      `deliveries carry ${shown}: give the signing secret (--webhook-secret, or webhooks.signature.secret) to have its scheme told and checked`,
    );
  const config = verifiedScheme(p, d, secret);
  if (config) return found('webhooks.signature', config, `${shown} of a resent inquiry webhook verifies as ${config.scheme} with the secret given`);
  return hint(
    'webhooks.signature',
    `deliveries carry ${shown}, but it does not verify as ${seen.scheme} with the secret given; see the target's documentation`,
  );
}

/**
 * A secret was given and the first delivery does not verify with it: the member of the upsert that takes it, by
 * resending with candidates set (secret-member.ts). Found, the template gains it; not found, said so — never a
 * silent "no signature".
 */
async function secretBySearch(
  p: Probe,
  o: { topic: string; template: Record<string, unknown>; required: readonly string[]; secret: string; resend: () => Promise<TargetResponse>; first: Received },
): Promise<{ findings: (Finding | Hint)[]; template?: Record<string, unknown> }> {
  const search = await findSecretMember(p, { ...o, verifies: (d) => verifiedScheme(p, d, o.secret) !== undefined });
  const seen = signatureCandidates(o.first);
  const before = seen ? `deliveries carried ${shownBy(seen)}, which did not verify with the secret given` : 'deliveries carried no signature';
  if (search.member !== undefined) {
    const config = verifiedScheme(p, search.delivery, o.secret)!;
    const template = { ...o.template, [search.member]: o.secret };
    p.changes.useTemplate(template);
    const how = `${before} until the upsert's member ${search.member} carried the secret given; then a resent inquiry webhook verified as ${config.scheme}`;
    return { findings: [found('webhooks.signature', config, how)], template };
  }
  const tried = `${search.tried.slice(0, 6).join(', ')}${search.tried.length > 6 ? ` and ${search.tried.length - 6} more` : ''}`;
  const why = `--webhook-secret was given, but ${before}, and none of the upsert's members tried (${tried || 'none accepted'}) made them verify: give the member that takes the secret in templates.webhookUpsert, and webhooks.signature`;
  if (seen) return { findings: [hint('webhooks.signature', why)] };
  return { findings: [guessed('webhooks.signature', null, 'resent inquiry webhooks carried no signature-looking header', why)] };
}

/** Points the primary app's `topic` at the receiver's callback `name` (saved first); false when it may not be changed. */
export async function pointTopic(p: Probe, topic: string, template: Record<string, unknown>, name: string): Promise<boolean> {
  if (!p.receiver || !(await p.changes.guard('primary', topic))) return false;
  const json = fillTemplate(template, { url: p.receiver.url(name), runId: p.runId });
  const put = await callEndpoint(p.client, 'appnotificaciones-put', { params: { topic }, json });
  const res = put.status === 404 ? await callEndpoint(p.client, 'appnotificaciones-post', { params: { topic }, json }) : put;
  const ok = res.status === 200 || res.status === 201;
  if (ok) p.changes.markPointed(topic);
  return ok;
}

export interface DeliveryFindings {
  findings: (Finding | Hint)[];
  /** The inquiry topic, when told. */
  inquiry?: string;
  /** The upsert template with the member that takes the signing secret, when one was found. */
  template?: Record<string, unknown>;
}

/** Resends the inquiry `sid` with every topic pointed at a callback of its own; reads what comes back. */
export async function inferFromResend(
  p: Probe,
  topics: readonly string[],
  template: Record<string, unknown>,
  /** The inquiries to resend, tried in order until one is accepted (resend-candidates.ts). */
  candidates: readonly (() => Promise<ResendCandidate | undefined>)[],
  secret: string | undefined,
  /** Members a POST was refused without (the template's, found by inferring it): tried first for the secret. */
  required?: readonly string[],
): Promise<DeliveryFindings> {
  const agency = p.fixtures.agency!;
  const receiver = p.receiver!;
  const names = new Map<string, string>();
  for (const [i, topic] of topics.entries()) if (await pointTopic(p, topic, template, `topic-${i}`)) names.set(`topic-${i}`, topic);
  // A topic left alone keeps its own callback: a resend could reach it (a real system), so none is sent.
  const untouched = topics.filter((t) => ![...names.values()].includes(t));
  if (untouched.length > 0) {
    const why = `the topic${untouched.length > 1 ? 's' : ''} ${untouched.map((t) => `'${t}'`).join(', ')} ${untouched.length > 1 ? 'are' : 'is'} configured and could not be put back as found through the template, so no webhook was triggered (it could reach that callback)`;
    return {
      findings: ['topics.inquiry', 'webhooks.consultaPointer', 'webhooks.resendWithoutCallback'].map((key) =>
        hint(key, `${why}; see the target's documentation`),
      ),
    };
  }
  const tried: string[] = [];
  let accepted: { sid: string; res: TargetResponse } | undefined;
  for (const next of candidates) {
    const candidate = await next();
    if (candidate === undefined || tried.some((t) => t.startsWith(`${candidate.sid} `))) continue;
    const res = await callEndpoint(p.client, 'consultas-resend', { params: { adminMail: agency, sid: candidate.sid } });
    tried.push(`${candidate.sid} (${candidate.from}): ${res.status ?? res.error?.code}`);
    if (res.status === 202) {
      accepted = { sid: candidate.sid, res };
      break;
    }
  }
  if (!accepted) {
    const why = `POST /v3/consultas/${agency}/{sid}/resendwebhook accepted (202) none of ${tried.join('; ') || 'no inquiry'}: no webhook to learn from`;
    return { findings: ['topics.inquiry', 'webhooks.consultaPointer', 'webhooks.resendWithoutCallback'].map((key) => hint(key, why)) };
  }
  const { sid, res } = accepted;
  const resend = () => callEndpoint(p.client, 'consultas-resend', { params: { adminMail: agency, sid } });
  const location = res.headers.location ?? '';
  const byLocation = [...names].find(([name]) => location.endsWith(`/${name}`))?.[0];
  const delivery = await receiver.wait((d) => [...names.keys()].some((n) => d.path.endsWith(`/${n}`)), p.deliveryMs);
  const name = byLocation ?? [...names.keys()].find((n) => delivery?.path.endsWith(`/${n}`));
  const findings: (Finding | Hint)[] = [];
  const inquiry = name ? names.get(name) : undefined;
  if (inquiry)
    findings.push(
      found(
        'topics.inquiry',
        inquiry,
        `a resent inquiry webhook ${byLocation ? 'named its callback (Location)' : 'was delivered to the callback'} configured for '${inquiry}'`,
      ),
    );
  const consulta = (await callEndpoint(p.client, 'consultas-get', { params: { adminMail: agency, sid }, form: 'json' })).json;
  const pointer = pointerTo(objectBody(res.json) ?? res.json, consulta) ?? (delivery ? pointerTo(delivery.json, consulta) : undefined);
  findings.push(
    pointer !== undefined
      ? found('webhooks.consultaPointer', pointer, `where the resendwebhook payload holds the Consulta GET /v3/consultas/${agency}/${sid} reads (links aside)`)
      : hint('webhooks.consultaPointer', `no object of the resendwebhook payload equals the Consulta read by sid; see the target's documentation`),
  );
  let signed: { findings: (Finding | Hint)[]; template?: Record<string, unknown> } = { findings: delivery ? [signatureFinding(p, delivery, secret)] : [] };
  const verified = signed.findings.some((f) => 'value' in f && f.value !== null);
  if (delivery && secret !== undefined && !verified && inquiry && required !== undefined)
    signed = await secretBySearch(p, { topic: inquiry, template, required, secret, resend, first: delivery });
  findings.push(...signed.findings);
  const current = signed.template ?? template;
  if (inquiry) {
    findings.push(...(await withoutCallback(p, inquiry, resend)));
    await pointTopic(p, inquiry, current, name!);
  }
  return { findings, ...(inquiry ? { inquiry } : {}), ...(signed.template ? { template: signed.template } : {}) };
}

/**
 * resendwebhook with the inquiry topic unconfigured: 202 accepts, 400 refuses; an accepted one's Location (the row's
 * "URI of the webhook callback", which names none then) is there or not. The topic is put back afterwards.
 */
async function withoutCallback(p: Probe, inquiry: string, resend: () => Promise<TargetResponse>): Promise<(Finding | Hint)[]> {
  const deleted = await callEndpoint(p.client, 'appnotificaciones-delete', { params: { topic: inquiry } });
  if (deleted.status !== 204)
    return [hint('webhooks.resendWithoutCallback', `DELETE /v3/appnotificaciones/${inquiry} answered ${deleted.status ?? deleted.error?.code}: not tried`)];
  const res = await resend();
  if (res.status === 202) {
    const location = res.headers.location;
    const shown = location === undefined || location === '' ? 'absent' : 'present';
    return [
      found('webhooks.resendWithoutCallback', 'accept', `resendwebhook answered 202 while '${inquiry}' was not configured`),
      found(
        'webhooks.resendLocationWithoutCallback',
        shown,
        `resendwebhook answered 202 ${shown === 'absent' ? 'without a Location' : `with Location ${location}`} while '${inquiry}' was not configured`,
      ),
    ];
  }
  if (res.status === 400)
    return [found('webhooks.resendWithoutCallback', 'refuse', `resendwebhook answered 400 while '${inquiry}' was not configured, 202 while it was`)];
  return [hint('webhooks.resendWithoutCallback', `resendwebhook answered ${res.status ?? res.error?.code} while '${inquiry}' was not configured`)];
}
