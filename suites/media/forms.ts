import {
  BODY_TYPE_REFUSAL,
  bodyTypeRefusalReading,
  essence,
  listEntries,
  MEDIA_FORMS,
  MEDIA_TYPES,
  OTHER_BODY_TYPE,
  type Endpoint,
  type MediaForm,
} from '../../models/index.ts';
import type { EndpointCall } from '../../sut/call.ts';
import { formFault } from '../../sut/form-judge.ts';
import type { Check } from '../harness/check.ts';
import { validRequest, type RequestEnv } from './requests.ts';

// Resources and their fields > Conventions: the media types a success response can have, each offered where
// the Endpoints row lists it; "reference form: each list entry is only a link object with href and title".

export async function requestOrSkip(c: Check, e: Endpoint, env: RequestEnv) {
  const call = await validRequest(c, e, env, !c.ctx.readOnly);
  if (typeof call === 'string') c.skip(call);
  return call;
}

/**
 * media/<endpoint>/<form>: a valid request asking for `form` gets the success status, that media type, and a
 * body of that form — judged as fixture discovery judges its reads (sut/form-judge.ts).
 */
export async function checkForm(c: Check, e: Endpoint, form: MediaForm, env: RequestEnv): Promise<void> {
  const call = await requestOrSkip(c, e, env);
  const res = await c.send(e.id, { ...call, form });
  const fault = formFault(e, form, res);
  c.judged();
  if (fault) c.fail(fault.expectation, res, fault.departure);
  const entries = listEntries(res.json);
  if (entries?.length === 0) c.observe('the list was empty: the form of its entries could not be judged');
}

/** media/<endpoint>/offered: the row lists no media types, so each of the four is asked for and what comes back is recorded. */
export async function observeOffered(c: Check, e: Endpoint, env: RequestEnv): Promise<void> {
  const call = await requestOrSkip(c, e, env);
  const seen: string[] = [];
  for (const form of MEDIA_FORMS) {
    const res = await c.send(e.id, { ...call, form });
    const answer = res.status === undefined ? (res.error?.code ?? 'no answer') : `${res.status} ${essence(res.headers['content-type']) || 'no content-type'}`;
    seen.push(`${MEDIA_TYPES[form]} → ${answer}`);
  }
  c.observe(seen.join('; '));
}

/**
 * How a body "(application/json or text/json)" may be labelled: text/json, and either type with a charset
 * parameter (RFC 9110 8.3.1: parameters do not change the type; JSON is UTF-8, RFC 8259 8.1), which every client
 * library adds. Each label is the same JSON, so each is accepted as the bare type is.
 */
const BODY_LABELS = [MEDIA_TYPES.textJson, `${MEDIA_TYPES.textJson}; charset=utf-8`, `${MEDIA_TYPES.json}; charset=utf-8`];

/** media/<endpoint>/request-text-json: the same valid request (a fresh one each time), its body labelled each way. */
export async function checkTextJsonBody(c: Check, e: Endpoint, env: RequestEnv): Promise<void> {
  for (const contentType of BODY_LABELS) {
    const call = await requestOrSkip(c, e, env);
    const res = await c.send(e.id, { ...call, contentType });
    c.expectStatus(res, e.success.status, `${e.success.meaning}, the ${e.body?.model ?? 'request'} body sent as ${contentType}`);
  }
}

/**
 * conventions/body-other-type-refused: the valid request of appnotificaciones-post (a topic just unconfigured, saved
 * first) with its body labelled OTHER_BODY_TYPE, answered as the profile's bodyTypeRefusal says
 * (models/body-type-refusal.ts); only recorded where the profile does not know it.
 */
export async function checkOtherBodyType(c: Check, e: Endpoint, env: RequestEnv): Promise<void> {
  const call = await requestOrSkip(c, e, env);
  const res = await c.send(e.id, { ...call, contentType: OTHER_BODY_TYPE });
  const what = `${e.method} ${e.path} with a valid ${e.body?.model ?? 'request'} body labelled ${OTHER_BODY_TYPE}`;
  const answered = `${what} answered ${res.status ?? res.error?.code}`;
  if (bodyTypeRefusalReading(res.status, res.json) === undefined && res.status !== e.success.status) await labelWasRefused(c, e, call, answered);
  const choice = c.ctx.profile.bodyTypeRefusal;
  if (choice === null) c.skip(`${answered}; not judged (the profile's bodyTypeRefusal is not known)`);
  const { status, says } = BODY_TYPE_REFUSAL[choice];
  const expectation = `${says} (the profile's bodyTypeRefusal: ${choice}) — ${what}`;
  c.expectStatus(res, status, expectation);
  c.expect(bodyTypeRefusalReading(res.status, res.json) === choice, expectation, res);
}

/**
 * An answer that is neither reading nor the success tells how a label is refused only if the label was what the
 * target refused: the same request labelled application/json is taken (issue 23: a rule fails only on inputs its
 * statement is about). Where that is not so either (a target that answers 404 to every POST), the check judged
 * nothing: not exercised, saying so.
 */
async function labelWasRefused(c: Check, e: Endpoint, call: EndpointCall, answered: string): Promise<void> {
  const control = await c.send(e.id, call);
  if (control.status === e.success.status) return;
  const lost = c.lostToInfrastructure;
  if (lost) c.skip(lost);
  c.skip(
    `not exercised: ${answered}, neither reading of bodyTypeRefusal, and the same request labelled ${MEDIA_TYPES.json} answered ${control.status ?? control.error?.code}, not ${e.success.status}: its label was not what the target refused`,
  );
}
