import fc from 'fast-check';
import { PROBLEM_MEDIA_TYPE, essence, forbiddenProblem, validationProblem } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { check, type Check } from './harness/check.ts';
import { fixedCases, randomCases, type ProblemCase } from './errors/problem-cases.ts';
import { refusingCallback } from './harness/resend-setup.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Errors: the validation problem body of 400 and 409, the problem body of 403, all application/problem+json.
// Each rule is judged on one request per kind of invalid parameter (plus a malformed body, a 409 and 403s),
// then as a property over random invalid values. A response whose status is not a problem status is left to
// the status and limits rules; a problem status is judged whatever request provoked it. The resend cases are
// sent with the inquiry topic configured (restored in afterAll), so their 400 or 403 is never the refusal of a
// resend without a callback, keyed by no property of the request.

const session = webhookSession();

interface ErrorRule {
  id: string;
  statuses: readonly number[];
  judge(c: Check, k: ProblemCase, res: TargetResponse): void;
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Members of a problem body, or a failure when the body is no JSON object. */
function problemOf(c: Check, res: TargetResponse): Record<string, unknown> {
  const body = res.json;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return c.fail('a problem body that is a JSON object', res);
  return body as Record<string, unknown>;
}

/** "Instance: URI path of the request": the path sent, or the path below the base URL, percent-decoded. */
function requestPaths(c: Check, res: TargetResponse): string[] {
  const sent = new URL(res.exchange.url).pathname;
  const base = new URL(c.ctx.baseUrl).pathname.replace(/\/+$/, '');
  const paths = [sent, ...(base && sent.startsWith(`${base}/`) ? [sent.slice(base.length)] : [])];
  return paths.map(decode);
}

const RULES: ErrorRule[] = [
  {
    id: 'errors/validation-problem-body',
    statuses: [400, 409],
    judge: (c, _k, res) => void c.expectModel(res, validationProblem(), `a validation problem body with ${res.status}`),
  },
  {
    id: 'errors/problem-media-type',
    statuses: [400, 403, 409],
    judge: (c, _k, res) =>
      c.expect(
        essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE,
        `Content-Type ${PROBLEM_MEDIA_TYPE} with ${res.status}, not ${res.headers['content-type'] ?? 'none'}`,
        res,
      ),
  },
  {
    id: 'errors/status-member-matches',
    statuses: [400, 409],
    judge(c, _k, res) {
      const status = problemOf(c, res).Status;
      c.expect(status === res.status, `Status ${res.status} in the body, not ${JSON.stringify(status)}`, res);
    },
  },
  {
    id: 'errors/instance-is-request-path',
    statuses: [400, 409],
    judge(c, _k, res) {
      const instance = problemOf(c, res).Instance;
      const paths = requestPaths(c, res);
      const ok = typeof instance === 'string' && paths.includes(decode(instance.split(/[?#]/)[0]!));
      c.expect(ok, `Instance ${paths.map((p) => JSON.stringify(p)).join(' or ')} (the request's path), not ${JSON.stringify(instance)}`, res);
    },
  },
  {
    id: 'errors/errors-keyed-by-property',
    statuses: [400, 409],
    judge(c, k, res) {
      // Only where the request's one fault is known: the status provoked must be the one expected.
      if (res.status !== k.status || k.keys.length === 0) return;
      const errors = problemOf(c, res).Errors;
      const keys = errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? Object.keys(errors) : [];
      const wanted = k.keys.map((x) => x.toLowerCase());
      c.expect(
        keys.some((x) => wanted.includes(x.toLowerCase())),
        `Errors keyed by ${k.keys.join(' or ')} (${k.label}), not by ${JSON.stringify(keys)}`,
        res,
      );
    },
  },
  {
    id: 'errors/forbidden-problem-body',
    statuses: [403],
    judge(c, _k, res) {
      c.expectModel(res, forbiddenProblem(), 'a problem body (a JSON object) with 403');
      c.expect(essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE, `a 403 problem body as ${PROBLEM_MEDIA_TYPE}`, res);
    },
  },
];

async function judgeCase(c: Check, rule: ErrorRule, k: ProblemCase): Promise<boolean> {
  const res = await c.send(k.endpointId, k.call);
  if (res.status === undefined || !rule.statuses.includes(res.status)) return false;
  rule.judge(c, k, res);
  return true;
}

/** Leaves out the resend cases when the inquiry topic could not be configured: a missing callback may answer them all. */
const usable = (unprepared: string | undefined) => (k: ProblemCase) => unprepared === undefined || k.endpointId !== 'consultas-resend';

for (const rule of RULES) {
  check(
    rule.id,
    async (c) => {
      const unprepared = await refusingCallback(c, session);
      if (unprepared) c.observe(`resend cases left out: ${unprepared}`);
      const provoked: string[] = [];
      for (const k of fixedCases(c)
        .filter((x) => rule.statuses.includes(x.status))
        .filter(usable(unprepared))) {
        if (await judgeCase(c, rule, k)) provoked.push(k.label);
        else c.observe(`${k.label}: no ${k.status} (left to the status and limits rules)`);
      }
      if (provoked.length === 0) c.fail(`at least one request answered with ${rule.statuses.join(' or ')}`);
      const { invalid, forbidden } = randomCases(c);
      const arbitrary =
        rule.statuses.includes(403) && rule.statuses.includes(400) ? fc.oneof(invalid, forbidden) : rule.statuses.includes(403) ? forbidden : invalid;
      await c.property([arbitrary.filter(usable(unprepared))], async (k) => void (await judgeCase(c, rule, k)));
      // The cases POST invitations and PUT agencies and topics (refused, but sent): not for a read-only run.
    },
    { mutates: true },
  );
}
