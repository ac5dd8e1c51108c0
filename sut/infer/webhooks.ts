import { callEndpoint } from '../call.ts';
import { fillTemplate } from '../templates.ts';
import { inferFromResend } from './deliveries.ts';
import { resendCandidates } from './resend-candidates.ts';
import { found, guessed, hint, outcome, type Finding, type Hint, type Inferrer, type Probe } from './probe.ts';
import { listedTopics } from './topic-list.ts';
import { inferUpsertTemplate } from './upsert-template.ts';

// Events and AppNotificaciones: "Topic names and the fields of a webhook configuration: not shown". The topics
// are those AppWebhooks lists; which one carries inquiries, a resend tells (deliveries.ts); the registration one,
// an invitation completed through the simulation hooks (agencias.ts), else the only other topic listed; an
// unavailable one is a name AppWebhooks does not list, which POST answers 403 ("only topics available to the app
// can be configured (otherwise 403)").

const UNAVAILABLE = 'vmp-conformance-unavailable';

const isFinding = (f: Finding | Hint): f is Finding => 'value' in f;

async function unavailableTopic(p: Probe, listed: readonly string[], template: Record<string, unknown> | undefined): Promise<Finding | Hint> {
  const name = [UNAVAILABLE, `${UNAVAILABLE}-2`].find((n) => !listed.includes(n))!;
  if (p.readOnly || !template)
    return found(
      'topics.unavailable',
      name,
      `a name GET /v3/appnotificaciones does not list among the available topics (not tried${p.readOnly ? ': --read-only' : ''})`,
    );
  if (!(await p.changes.guard('primary', name)))
    return hint('topics.unavailable', `'${name}' could not be saved before trying it; give a topic name the app may not configure`);
  const json = fillTemplate(template, { url: p.receiver?.url('unavailable') ?? 'https://vmp-conformance.invalid/init', runId: p.runId });
  const res = await callEndpoint(p.client, 'appnotificaciones-post', { params: { topic: name }, json });
  if (res.status === 403)
    return found('topics.unavailable', name, `POST /v3/appnotificaciones/${name} answered 403, and GET /v3/appnotificaciones does not list it`);
  return hint(
    'topics.unavailable',
    `POST /v3/appnotificaciones/${name} answered ${res.status ?? res.error?.code}, not 403 (put back afterwards): give a topic name the app may not configure`,
  );
}

export const webhooksInferrer: Inferrer = {
  name: 'webhook topics, upsert template and payloads',
  // webhooks.resendLocationWithoutCallback is found with resendWithoutCallback but not listed: a profile lacking
  // only it (meaningless where resend refuses) does not make every run probe the webhooks again.
  keys: [
    'topics.inquiry',
    'topics.registration',
    'topics.unavailable',
    'templates.webhookUpsert',
    'webhooks.consultaPointer',
    'webhooks.signature',
    'webhooks.resendWithoutCallback',
  ],
  async infer(p) {
    const listed = await listedTopics(p);
    if ('why' in listed)
      return outcome(
        [],
        ['topics.inquiry', 'topics.registration'].map((k) => hint(k, `${listed.why}; see the target's documentation`)),
      );
    const findings: Finding[] = [];
    const hints: Hint[] = [];
    const add = (f: Finding | Hint) => (isFinding(f) ? findings.push(f) : hints.push(f));
    const given = p.known.templates?.webhookUpsert;
    const secret = p.secret;
    if (given) p.changes.useTemplate(given);
    const t = given ? { template: given, findings: [], hints: [] } : await inferUpsertTemplate(p, listed.topics);
    // Discovery's inquiry is the first of the list's first page: the newest where a list is newest first; resend
    // applies to "relatively recent" ones, so one it refuses is followed by younger ones (resend-candidates.ts).
    const sid = p.fixtures.inquirySid;
    let inquiry = p.known.topics?.inquiry;
    if (t.template && !p.readOnly && p.receiver && sid !== undefined && p.fixtures.agency !== undefined) {
      // A template found here may gain the member that takes the signing secret (a given one is the user's).
      const candidates = resendCandidates(p, p.fixtures.agency, sid);
      const resend = await inferFromResend(p, listed.topics, t.template, candidates, secret, given ? undefined : t.required);
      resend.findings.forEach(add);
      inquiry ??= resend.inquiry;
      if (resend.template) {
        t.template = resend.template;
        t.findings = t.findings.map((f) =>
          f.key === 'templates.webhookUpsert'
            ? { ...f, value: resend.template, how: `${f.how}; the signing secret's member told by deliveries (webhooks.signature)` }
            : f,
        );
      }
    } else {
      const why = p.readOnly
        ? '--read-only triggers no webhook'
        : !p.receiver
          ? (p.receiverWhy ?? 'no callback reaches this machine')
          : sid === undefined
            ? 'no inquiry of the primary app is known'
            : 'no upsert template';
      for (const key of ['webhooks.consultaPointer', 'webhooks.resendWithoutCallback']) hints.push(hint(key, `${why}: see the target's documentation`));
    }
    if (inquiry === undefined && listed.topics.length > 0) {
      // Nothing told them apart: in the order listed, said so (the checks that read a topic only read it).
      inquiry = listed.topics[0]!;
      findings.push(
        guessed('topics.inquiry', inquiry, `the first topic ${listed.how} name`, 'not told apart from the others: no inquiry webhook was triggered'),
      );
    }
    const others = listed.topics.filter((x) => x !== inquiry);
    // With hooks and leave to change the target, the registration topic is told by a registration (agencias.ts).
    const canRegister = !p.readOnly && typeof p.known.simulationHooks === 'string' && p.receiver !== undefined && t.template !== undefined;
    if (!canRegister && others.length > 0) {
      findings.push(
        others.length === 1
          ? found('topics.registration', others[0], `the only topic besides '${inquiry}' ${listed.how} name`)
          : guessed(
              'topics.registration',
              others[0],
              `the first of ${others.length} other topics ${listed.how} name`,
              'not told apart from the others: no registration was triggered',
            ),
      );
    }
    if (!p.known.topics?.unavailable) add(await unavailableTopic(p, listed.topics, t.template));
    [...t.findings, ...t.hints].forEach(add);
    return outcome(findings, hints);
  },
};
