import { firstDifference, formOfContentType, MEDIA_TYPES, type MediaForm } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from '../harness/check.ts';
import { check } from '../harness/check.ts';
import { comparisonFor, FULL_FORMS_RULE, representationOf, type FormAgreement, type FormDisagreement } from '../harness/form-agreement.ts';
import { runLedger } from '../harness/run-ledger.ts';
import { sweepOnce } from './conventions.ts';
import type { RequestEnv } from './requests.ts';

// conventions/full-forms-agree: every pair of full-form reads of one request in one state the run heard
// (harness/form-agreement.ts), the conventions sweep's among them (it reads every GET row in each form its row
// lists). Registered in the last suite file, so the ledger has heard the whole run. A difference the ledger saw is
// a failure only once it is seen again: both forms read anew, one after the other, and the first form a second
// time, so that what moves between two reads in one form (a generation time) is left out.

/** One read of the disagreement's request in `form`, or undefined when it is no 200 of that form. */
async function readIn(c: Check, d: FormDisagreement, form: MediaForm): Promise<TargetResponse | undefined> {
  const res = await c.sendRaw({ ...d.first.req, form });
  return res.status === 200 && formOfContentType(res.headers['content-type']) === form ? res : undefined;
}

/** The difference that remains between the two forms read anew, or undefined (gone: a change of state, a volatile member). */
async function confirmed(c: Check, d: FormDisagreement, agreement: FormAgreement): Promise<{ res: TargetResponse; difference: string } | undefined> {
  const a = await readIn(c, d, d.first.form);
  const b = a && (await readIn(c, d, d.other.form));
  const again = b && (await readIn(c, d, d.first.form));
  if (!a || !b || !again) {
    c.observe(`${d.endpoint.id}: ${d.difference} between ${MEDIA_TYPES[d.first.form]} and ${MEDIA_TYPES[d.other.form]}, not read again in both forms`);
    return undefined;
  }
  agreement.learn(d.endpoint, a.json, again.json);
  const difference = firstDifference(representationOf(a.json), representationOf(b.json), comparisonFor(d.endpoint, agreement.volatileOf(d.endpoint)));
  return difference === undefined ? undefined : { res: b, difference };
}

export function registerFullFormsCheck(env: RequestEnv): void {
  check(
    FULL_FORMS_RULE,
    async (c) => {
      await sweepOnce(c, env);
      const agreement = runLedger(c.ctx.runId)?.forms;
      if (!agreement) return;
      // The reads sent to confirm are heard too: the list is taken before.
      const found = [...agreement.disagreements];
      c.judged(agreement.judged);
      for (const d of found) {
        const shown = await confirmed(c, d, agreement);
        if (!shown) continue;
        c.witness(d.first.res.exchange);
        c.fail(
          `the ${MEDIA_TYPES[d.other.form]} form to be the representation the ${MEDIA_TYPES[d.first.form]} form is (each a "full representation", read in the same state): first difference at ${shown.difference}`,
          shown.res,
        );
      }
    },
    { judgesRun: true },
  );
}
