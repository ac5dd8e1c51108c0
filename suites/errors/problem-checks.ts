import fc from 'fast-check';
import { endpoint } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { check, type Check } from '../harness/check.ts';
import { isPropertyKey, propertyNames } from '../harness/error-keys.ts';
import { judges, PROBLEM_JUDGES, type Asked, type ProblemJudge } from '../harness/problem-judges.ts';
import { refusingCallbackOrReason } from '../harness/resend-setup.ts';
import { runLedger } from '../harness/run-ledger.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';
import { fixedCases, randomCases, type ProblemCase } from './problem-cases.ts';

// Errors: the validation problem body of 400 and 409, the problem body of 403, all application/problem+json.
// Each rule is judged on every answer of the run with a status its row documents with a problem body (the run
// ledger judges each as it hears it: every row and provocation, not only examples), and on the check's own
// requests: one per kind of invalid parameter and body member the spec names (plus a malformed body, a 409 and
// 403s), then a property over random invalid values. These checks run in the last suite file, so the ledger has
// heard every other check. A response whose status is not a problem status is left to the status and limits
// rules. The resend cases are sent with the inquiry topic configured (restored in afterAll), so their 400 or 403
// is never the refusal of a resend without a callback, keyed by no property of the request.

interface ErrorRule {
  id: string;
  /** The statuses of its cases: only those are provoked for it. */
  statuses: readonly number[];
  /** Whether the rule judges this answer of its case. */
  applies(k: ProblemCase, res: TargetResponse): boolean;
  judge(c: Check, k: ProblemCase, res: TargetResponse): void;
}

const asked = (c: Check, k: ProblemCase): Asked => ({
  basePath: new URL(c.ctx.baseUrl).pathname,
  properties: propertyNames(endpoint(k.endpointId), k.call, c.ctx.profile),
});

/** A rule judged on every answer (problem-judges.ts), on its own cases too. */
const everyAnswer = (j: ProblemJudge): ErrorRule => ({
  id: j.ruleId,
  statuses: [...(j.bodies.includes('validation-problem') ? [400, 409] : []), ...(j.bodies.includes('problem') ? [403] : [])],
  applies: (k, res) => judges(j, endpoint(k.endpointId), res),
  judge(c, k, res) {
    const issue = j.issue(res, asked(c, k));
    c.expect(issue === undefined, issue?.text ?? '', res, issue?.departure);
  },
});

/**
 * Errors "map from property name to …": on every answer, every key a property name or _ (the judge); on its own
 * cases, where the request's one fault is known, also a key naming it, exactly as the spec or profile names it.
 */
function keyedByProperty(j: ProblemJudge): ErrorRule {
  const every = everyAnswer(j);
  return {
    ...every,
    judge(c, k, res) {
      every.judge(c, k, res);
      if (res.status !== k.status || k.keys.length === 0) return;
      const body = res.json as { Errors?: unknown } | null | undefined;
      const errors = body !== null && typeof body === 'object' ? body.Errors : undefined;
      const keys = errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? Object.keys(errors) : [];
      c.expect(
        keys.some((x) => isPropertyKey(x, new Set(k.keys))),
        `Errors keyed by ${k.keys.join(' or ')} (${k.label}), exactly as named, not by ${JSON.stringify(keys)}`,
        res,
        errors === undefined ? { kind: 'member-missing', subject: 'Errors' } : { kind: 'member-value', subject: 'Errors', value: 'keys not property names' },
      );
    },
  };
}

const RULES: ErrorRule[] = PROBLEM_JUDGES.map((j) => (j.ruleId === 'errors/errors-keyed-by-property' ? keyedByProperty(j) : everyAnswer(j)));

async function judgeCase(c: Check, rule: ErrorRule, k: ProblemCase): Promise<boolean> {
  const res = await c.send(k.endpointId, k.call);
  if (!rule.applies(k, res)) return false;
  rule.judge(c, k, res);
  return true;
}

/**
 * Leaves out the cases that need the inquiry topic configured when it could not be: a missing callback may answer
 * every resend, and a topic not configured takes the POST that should conflict.
 */
const usable = (unprepared: string | undefined) => (k: ProblemCase) =>
  unprepared === undefined || (k.endpointId !== 'consultas-resend' && !k.needsInquiryTopic);

/**
 * The answers of the rest of the run the ledger judged for this rule (with `own`, those of its own check too):
 * counted, and the first fault fails it.
 */
export function judgeHeard(c: Check, ruleId: string, own = false): void {
  const heard = runLedger(c.ctx.runId)?.heardVerdicts(ruleId, own);
  if (!heard) return;
  c.judged(heard.judged);
  const fault = heard.faults[0];
  if (!fault) return;
  c.witness(fault.exchange);
  c.fail(
    `${fault.issue} — an answer the run heard, sent ${fault.ruleId ? `by ${fault.ruleId}` : "by a suite's set-up or clean-up"}`,
    {
      status: fault.exchange.status,
      exchange: fault.exchange,
    },
    fault.departure,
  );
}

export function registerProblemChecks(session: WebhookSession): void {
  for (const rule of RULES) {
    check(
      rule.id,
      async (c) => {
        const unprepared = await refusingCallbackOrReason(c, session);
        if (unprepared) c.observe(`resend cases left out: ${unprepared}`);
        const mine = (k: ProblemCase) => rule.statuses.includes(k.status);
        for (const k of fixedCases(c).filter(mine).filter(usable(unprepared))) {
          if (!(await judgeCase(c, rule, k))) c.observe(`${k.label}: no ${k.status} (left to the status and limits rules)`);
        }
        const { invalid, forbidden } = randomCases(c);
        const arbitrary =
          rule.statuses.includes(403) && rule.statuses.includes(400) ? fc.oneof(invalid, forbidden) : rule.statuses.includes(403) ? forbidden : invalid;
        await c.property([arbitrary.filter(usable(unprepared))], async (k) => void (await judgeCase(c, rule, k)));
        judgeHeard(c, rule.id);
        // The cases POST invitations and PUT agencies and topics (refused, but sent): not for a read-only run.
      },
      { mutates: true },
    );
  }
}
