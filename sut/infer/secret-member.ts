import { callEndpoint } from '../call.ts';
import type { TargetResponse } from '../client.ts';
import { fillTemplate } from '../templates.ts';
import { errorKeys, type Probe, type Received } from './probe.ts';

// AppWebhookUpsert: "Fields of these: not shown"; Events: "signing … not shown". A signing secret given to init
// (--webhook-secret) that the deliveries do not verify with is taken by a member of the upsert the AppWebhook never
// shows (write-only), which may be optional: deliveries unsigned until it is set. Which member, the target tells
// (issue 21: by behaviour): the inquiry topic is configured with candidate members carrying the secret, an inquiry
// webhook is resent, and the members whose delivery then verifies hold it. The candidates are the members a POST
// without them was refused for, then conventional names of such a member, tried together and halved down to one.

/** Words a signing-secret member is named by, in English and Spanish; each tried as camelCase, PascalCase, snake_case. */
const WORDS = [
  ['secret'],
  ['signing', 'secret'],
  ['webhook', 'secret'],
  ['shared', 'secret'],
  ['hmac', 'secret'],
  ['signature', 'secret'],
  ['signing', 'key'],
  ['hmac', 'key'],
  ['secreto'],
  ['clave', 'firma'],
  ['secreto', 'firma'],
  ['clave', 'secreta'],
  ['firma'],
];
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
export const SECRET_MEMBER_NAMES: readonly string[] = [
  ...new Set(WORDS.flatMap((ws) => [ws[0]! + ws.slice(1).map(cap).join(''), ws.map(cap).join(''), ws.join('_')])),
];

/** At most this many resends: one per halving, and one per member a POST was refused for. */
const MAX_TRIES = 10;

export interface SecretSearch {
  topic: string;
  /** The upsert template found so far ({{url}} for the callback). */
  template: Record<string, unknown>;
  secret: string;
  /** Members a POST without them was refused for (besides the URL one): tried first, one at a time. */
  required: readonly string[];
  resend: () => Promise<TargetResponse>;
  /** Whether a delivery verifies with the secret. */
  verifies: (d: Received) => boolean;
}

export type SecretFound = { member: string; delivery: Received; tries: number } | { member?: undefined; tried: string[]; tries: number };

/** Finds the member of the upsert that takes the signing secret; the topic is left pointed at this probing. */
export async function findSecretMember(p: Probe, s: SecretSearch): Promise<SecretFound> {
  let tries = 0;
  const tried: string[] = [];
  /** Configures the topic with `group` carrying the secret and resends: the delivery, when it verifies. */
  const attempt = async (group: string[]): Promise<{ delivery?: Received; accepted: string[] }> => {
    tries += 1;
    const name = `secret-${tries}`;
    let accepted = group;
    let res = await put(p, s, accepted, name);
    // A target that refuses members it does not know names them: the rest are members it has.
    if (res.status === 400) {
      const unknown = new Set(errorKeys(res.json));
      accepted = group.filter((m) => !unknown.has(m));
      if (accepted.length === 0 || accepted.length === group.length) return { accepted: [] };
      res = await put(p, s, accepted, name);
    }
    tried.push(...accepted);
    if (res.status !== 200 && res.status !== 201) return { accepted: [] };
    if ((await s.resend()).status !== 202) return { accepted };
    const delivery = await p.receiver!.wait((d) => d.path.endsWith(`/${name}`), p.deliveryMs);
    return { accepted, ...(delivery && s.verifies(delivery) ? { delivery } : {}) };
  };
  for (const member of s.required) {
    if (tries >= MAX_TRIES || p.signal?.aborted) break;
    const { delivery } = await attempt([member]);
    if (delivery) return { member, delivery, tries };
  }
  let group = SECRET_MEMBER_NAMES.filter((m) => !Object.hasOwn(s.template, m));
  let found = await attempt(group);
  if (!found.delivery) return { tried: [...new Set(tried)], tries };
  group = found.accepted;
  // Halving: the half whose delivery verifies holds the member.
  while (group.length > 1 && tries < MAX_TRIES && !p.signal?.aborted) {
    const half = group.slice(0, Math.ceil(group.length / 2));
    const first = await attempt(half);
    group = first.delivery ? half : group.slice(half.length);
    if (first.delivery) found = first;
  }
  if (group.length !== 1) return { tried: [...new Set(tried)], tries };
  // The last half tried may be the other one: its delivery is confirmed once more.
  if (found.accepted.length !== 1) found = await attempt(group);
  return found.delivery ? { member: group[0]!, delivery: found.delivery, tries } : { tried: [...new Set(tried)], tries };
}

function put(p: Probe, s: SecretSearch, members: readonly string[], name: string): Promise<TargetResponse> {
  const template = { ...s.template, ...Object.fromEntries(members.map((m) => [m, s.secret])) };
  const json = fillTemplate(template, { url: p.receiver!.url(name), runId: p.runId });
  return callEndpoint(p.client, 'appnotificaciones-put', { params: { topic: s.topic }, json });
}
