import fc from 'fast-check';
import { ENDPOINTS, LIMITS, checkParam, lastPageOf, type Endpoint, type ParamSpec } from '../../models/index.ts';
import { boundaryCases, type BoundaryCase } from '../../generators/boundaries.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { EndpointCall } from '../../sut/call.ts';
import type { Check } from '../harness/check.ts';
import { acceptanceStatuses, allowingUriTooLong, rejectionStatuses } from '../harness/expectations.ts';
import { agenciaEditBody, anyAgenciaEditBody, firstForm, fixtureSid, pathSafe, webhookBody } from '../harness/request-inputs.ts';
import { refusingCallbackOrReason } from '../harness/resend-setup.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';
import type { Draws, LimitRule, Side } from './limit-rules.ts';
import { judgePastLast } from './past-last-page.ts';
import { sampleOf } from './samples.ts';

// One limit rule, in two phases (issue 4): first the deterministic boundary phase — every catalog endpoint
// whose ParamSpec carries the bound, at, just inside and just past it (boundaryCases) — then a fast-check
// phase whose values checkParam() places on the rule's side or not. Requests never change what the run did
// not create: agencies are modified only when a GET shows they do not exist, topics only when unconfigured,
// and a random valid topic is never POSTed (it might be an available one).

const RESEND = 'consultas-resend';

export interface Target {
  e: Endpoint;
  p: ParamSpec;
}

/** Rows whose refusal of invalid input is known: they document a refusal, or list every code they answer. */
const judgeable = (e: Endpoint): boolean => e.others.length > 0 || !e.othersNotShown;

export const targetsOf = (rule: LimitRule): Target[] => ENDPOINTS.filter(judgeable).flatMap((e) => e.params.filter(rule.carries).map((p) => ({ e, p })));

export const drawsOf = (c: Check): Draws => ({ today: c.ctx.today, domain: c.ctx.profile.invitationDomain });

/** The boundary cases of a target, their invalid-value classes made from its sample (samples.ts). */
export async function casesOf(c: Check, { e, p }: Target): Promise<BoundaryCase[]> {
  const sample = await sampleOf(c, e, p);
  return boundaryCases(p, { ...drawsOf(c), ...(sample !== undefined ? { sample } : {}) });
}

/**
 * The request with `value` for `p` and valid values elsewhere: the fixture agency and inquiry, the templates. A
 * sweep (any answer but a 5xx will do) sends an AgenciaEdit of {} where the profile knows none, instead of skipping.
 */
export function callWith(c: Check, { e, p }: Target, value: string, sweep = false, also: Record<string, string> = {}): EndpointCall {
  // Read only where the path has them: a topic's limit needs no fixture agency.
  const defaults: Record<string, () => string> = { adminMail: () => c.ctx.fixtures.agency, sid: () => fixtureSid(c) };
  const params = Object.fromEntries(e.params.filter((q) => q.in === 'path').map((q) => [q.name, q.name === p.name ? value : defaults[q.name]!()]));
  const query = { ...also, ...(p.in === 'query' ? { [p.name]: value } : {}) };
  const form = firstForm(e);
  const edit = sweep ? anyAgenciaEditBody : agenciaEditBody;
  const body = e.body?.model === 'AgenciaEdit' ? edit(c, value) : e.body?.model === 'AppWebhookUpsert' ? webhookBody(c) : undefined;
  return { params, query, ...(form ? { form } : {}), ...(body ? { json: body } : {}) };
}

const sameTopic = (c: Check, value: string) => Object.values(c.ctx.profile.topics).some((t) => t.toLowerCase() === value.toLowerCase());

/** Whether the request may be sent without changing anything the run did not create. */
async function safeToSend(c: Check, { e, p }: Target, value: string, random: boolean): Promise<boolean> {
  switch (e.id) {
    case 'agencias-put':
    case 'agencias-desasociar':
      return (await c.send('agencias-get', { params: { adminMail: value } })).status !== 200;
    case 'appnotificaciones-post':
      return !sameTopic(c, value) && !(random && checkParam(p, value, c.ctx.today).valid);
    case 'appnotificaciones-put':
    case 'appnotificaciones-delete':
      return !sameTopic(c, value) && (await c.send('appnotificaciones-get', { params: { topic: value } })).status !== 200;
    default:
      return true;
  }
}

/** Sends one case, or undefined when it cannot be sent safely or would address another resource. */
export async function sendCase(
  c: Check,
  t: Target,
  value: string,
  random: boolean,
  sweep = false,
  also: Record<string, string> = {},
): Promise<TargetResponse | undefined> {
  if (t.p.in === 'path' && !pathSafe(value)) return undefined;
  if (!(await safeToSend(c, t, value, random))) return undefined;
  // Companion values only where the row has that parameter (hasta goes with desde on the inquiry list alone).
  const known = Object.fromEntries(Object.entries(also).filter(([name]) => t.e.params.some((q) => q.name === name && q.in === 'query')));
  const res = await c.send(t.e.id, callWith(c, t, value, sweep, known));
  // A POST that created a configuration of a topic nobody had configured: remove it at once.
  if (t.e.id === 'appnotificaciones-post' && res.status === 201) await c.send('appnotificaciones-delete', { params: { topic: value } });
  return res;
}

/** A boundary case's expectation as a side of the rule: a value the spec does not decide is not the rule's. */
const caseSide = (expect: BoundaryCase['expect']): Side => (expect === 'either' ? 'other' : expect);

const show = (value: string) => (value.length > 24 ? `${value.length} characters` : JSON.stringify(value));

const ASCII = /^[\x20-\x7e]*$/;

const statusIn = (res: TargetResponse, allowed: readonly number[]): boolean => res.status !== undefined && !res.error && allowed.includes(res.status);

/**
 * Judges one sent value (issue 23 §2: a rule fails only on inputs its statement is about). A value on neither side
 * of the rule is not judged here: it was sent, so the run ledger heard it (errors/no-server-error judges a 5xx)
 * and the status rules hold every row to its documented codes. A value on the rule's side that is refused as it
 * should not be is tried again as a plain value of the same length (rule.plain): when that one is answered as the
 * bound says, the value's form is the cause (a plus-addressed e-mail answered 500), not the bound, and the rule
 * records it instead of failing on it. A non-ASCII value is not: counting its octets instead of its characters is
 * getting the bound wrong.
 */
export async function judge(
  c: Check,
  rule: LimitRule,
  t: Target,
  value: string,
  res: TargetResponse,
  side: Side,
  what: string,
  also: Record<string, string> = {},
): Promise<void> {
  if (side === 'other') return;
  if (side === 'accept' && rule.pageOfList) {
    const last = await lastPage(c, t, also);
    if (last !== undefined && Number(value) > last) return judgePastLast(c, Number(value), last, res, what);
  }
  const expected = allowingUriTooLong(res, side === 'accept' ? acceptanceStatuses(t.e) : rejectionStatuses(t.e));
  // Only an ASCII value has a plain twin of the same length: a non-ASCII one is longer in octets than in characters,
  // which is a length matter itself (lengths are in characters), so it is judged as it is.
  const plain = statusIn(res, expected) || !ASCII.test(value) ? undefined : rule.plain?.(t.p, value, drawsOf(c));
  if (plain !== undefined && plain !== value) {
    const control = await sendCase(c, t, plain, false);
    if (control && statusIn(control, allowingUriTooLong(control, expected))) {
      c.observe(
        `${t.e.id} ${what}: ${res.status ?? res.error?.code}, but the plain ${show(plain)} of the same length: ${control.status} — the value's form, not its length, is the cause (judged by the rules of that form and errors/no-server-error)`,
      );
      return;
    }
  }
  c.expectStatus(res, expected, `${side === 'accept' ? 'accepted' : 'rejected'}: ${what}`);
}

/** The last page of the list a page of `t` belongs to, read once per check and query (past-last-page.ts). */
const lastPages = new WeakMap<Check, Map<string, Promise<number | undefined>>>();
function lastPage(c: Check, t: Target, also: Record<string, string>): Promise<number | undefined> {
  const known = lastPages.get(c) ?? new Map<string, Promise<number | undefined>>();
  lastPages.set(c, known);
  const key = JSON.stringify([t.e.id, also]);
  let last = known.get(key);
  if (!last) {
    last = sendCase(c, t, String(LIMITS.pagina.first), false, false, also).then((first) => (first?.status === 200 ? lastPageOf(first.json) : undefined));
    known.set(key, last);
  }
  return last;
}

/**
 * Resend is refused without a configured callback (a 400 that says nothing of the parameters), so its inquiry
 * topic is configured first; where it cannot be, an "accepted" resend is held only to the documented codes.
 */
async function resendSides(c: Check, targets: Target[], session: WebhookSession): Promise<(t: Target, side: Side) => Side> {
  if (!targets.some((t) => t.e.id === RESEND)) return (_t, side) => side;
  const unprepared = await refusingCallbackOrReason(c, session);
  if (!unprepared) return (_t, side) => side;
  c.observe(`${RESEND}: accepted values not judged (${unprepared})`);
  return (t, side) => (t.e.id === RESEND && side === 'accept' ? 'other' : side);
}

/** Both phases of one rule over every endpoint that carries its bound. */
export async function runLimitRule(c: Check, rule: LimitRule, session: WebhookSession): Promise<void> {
  const targets = targetsOf(rule);
  if (targets.length === 0) c.fail(`an endpoint in the catalog whose parameters carry the bound of ${rule.id}`);
  const sideOf = await resendSides(c, targets, session);
  const draws = drawsOf(c);
  let sent = 0;
  for (const t of targets) {
    for (const bc of (await casesOf(c, t)).filter(rule.boundary)) {
      const res = await sendCase(c, t, bc.value, false, false, bc.with);
      if (!res) {
        c.observe(`${t.e.id} ${t.p.name} ${bc.label}: not sent (it names something that exists)`);
        continue;
      }
      sent += 1;
      const companions = Object.entries(bc.with ?? {})
        .map(([name, v]) => ` with ${name} ${v}`)
        .join('');
      await judge(c, rule, t, bc.value, res, sideOf(t, caseSide(bc.expect)), `${t.p.name} ${show(bc.value)}${companions} (${bc.label})`, bc.with);
    }
  }
  if (sent === 0) c.skip('no boundary case could be sent without touching what the run did not create');
  const arbitrary = fc.constantFrom(...targets).chain((t) => rule.arbitrary(t.p, draws).map((value) => ({ t, value })));
  await c.property([arbitrary], async ({ t, value }) => {
    const res = await sendCase(c, t, value, true);
    if (res) await judge(c, rule, t, value, res, sideOf(t, rule.side(t.p, value, draws.today)), `${t.p.name} ${show(value)}`);
  });
}
