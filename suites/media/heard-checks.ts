import { judgeHeard } from '../errors/problem-checks.ts';
import { registerInquiryRefCheck } from '../consultas/ref-links.ts';
import { check } from '../harness/check.ts';
import { REPRESENTATION_JUDGES } from '../harness/representation-judges.ts';
import { sweepOnce } from './conventions.ts';
import { registerFullFormsCheck } from './full-forms.ts';
import { registerPresenceCheck } from './presence.ts';
import type { RequestEnv } from './requests.ts';

// The Conventions of success bodies judged on every success answer of the run (harness/representation-judges.ts,
// heard by the run ledger): every page of every list, every record any check or set-up read, not only the
// examples of the conventions sweep. Registered in the last suite file, so the ledger has heard the whole run;
// the sweep (sent once per run, by whichever conventions check needs it first) makes sure a run of this rule
// alone has answers to judge. Its answers reach the verdict through the ledger too, so none counts twice.

export function registerHeardConventionChecks(env: RequestEnv): void {
  // First: its writes and reads are heard by the others (a title after a write, the forms read after it).
  registerPresenceCheck();
  for (const j of REPRESENTATION_JUDGES) {
    check(
      j.ruleId,
      async (c) => {
        await sweepOnce(c, env);
        judgeHeard(c, j.ruleId, true);
      },
      { judgesRun: true },
    );
  }
  registerFullFormsCheck(env);
  registerInquiryRefCheck(env);
}
