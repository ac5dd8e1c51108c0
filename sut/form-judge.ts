import type { z } from 'zod';
import { essence, MEDIA_TYPES, mediaRuleId, representationModel, representationOf, type Endpoint, type MediaForm } from '../models/index.ts';
import { tooDeepReason } from '../support/json-depth.ts';
import type { TargetResponse } from './client.ts';
import { departureOfIssue, mediaTypeDeparture, statusDeparture, transportDeparture, type Departure } from './departure.ts';

// Resources and their fields > Conventions, judged on one response: is it the success answer of an endpoint
// in the media form that was asked for? The media checks and fixture discovery judge alike from here, so a
// form discovery reports as broken is one the media check fails too, and never the other way round.

type Issue = z.core.$ZodIssue;

/**
 * A union's issue says only "Invalid input": name instead the issue of the alternative that got furthest
 * (a list of link objects whose entry 0 lacks href, rather than "not a list").
 */
function deepest(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const branches = issue.errors.filter((b) => b.length > 0).map((b) => deepest(b[0]!));
  const best = branches.reduce<Issue | undefined>((a, b) => (a && a.path.length >= b.path.length ? a : b), undefined);
  return best ? { ...best, path: [...issue.path, ...best.path] } : issue;
}

/** Why a body did not parse with a model: "the body is not JSON (…)", or its first issues by member path. */
export function mismatchOf(res: Pick<TargetResponse, 'jsonError'>, error: z.ZodError): string {
  if (res.jsonError === tooDeepReason()) return `the body is ${res.jsonError}`;
  if (res.jsonError) return `the body is not JSON (${res.jsonError})`;
  return error.issues
    .slice(0, 3)
    .map(deepest)
    .map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`)
    .join('; ');
}

/** The departure of a body a model refused (sut/departure.ts): no JSON, or its first issue by member. */
export function mismatchDeparture(res: Pick<TargetResponse, 'jsonError' | 'json'>, error: z.ZodError): Departure {
  if (res.jsonError) return { kind: 'body-not-json' };
  const first = error.issues[0];
  return first ? departureOfIssue(res.json, deepest(first)) : { kind: 'member-value', subject: '(body)' };
}

export interface FormFault {
  /** The rule the response breaks: the success status rule of the endpoint, or the media rule of the form. */
  ruleId: string;
  expectation: string;
  /** What the target did (sut/departure.ts): the failure's cause. */
  departure?: Departure;
}

/** What is wrong with `res` as the success answer of `e` in `form`, or undefined when nothing is. */
export function formFault(e: Endpoint, form: MediaForm, res: TargetResponse): FormFault | undefined {
  const type = MEDIA_TYPES[form];
  if (res.status !== e.success.status)
    return {
      ruleId: `status/${e.id}/${e.success.status}`,
      expectation: `${e.success.status} (${e.success.meaning}, asking for ${type})`,
      ...(res.error
        ? { departure: transportDeparture(res.error.code) }
        : res.status === undefined
          ? {}
          : { departure: statusDeparture(res.status, [e.success.status]) }),
    };
  const media = mediaRuleId(e.id, form);
  if (res.error) return { ruleId: media, expectation: `a complete ${type} body (${e.success.meaning})`, departure: transportDeparture(res.error.code) };
  const got = res.headers['content-type'];
  if (essence(got) !== type) return { ruleId: media, expectation: `Content-Type ${type}, got ${got ?? 'none'}`, departure: mediaTypeDeparture(got) };
  const representation = e.success.representation;
  const model = representation && representationModel(representation, representationOf(form));
  if (!model) return { ruleId: media, expectation: `a ${form} form of ${representation ?? `the representation of ${e.id}`} in the catalog` };
  const parsed = model.safeParse(res.json);
  const which = representationOf(form) === 'ref' ? 'reference' : 'full';
  return parsed.success
    ? undefined
    : {
        ruleId: media,
        expectation: `a body valid for the ${which} form of ${representation}, but ${mismatchOf(res, parsed.error)}`,
        departure: mismatchDeparture(res, parsed.error),
      };
}
