import fc from 'fast-check';
import { deadlinePassed } from '../sut/deadline.ts';
import { check, skipsCheck, type Check } from './harness/check.ts';
import { isServerError, runLedger, type RunLedger, type ServerErrorSighting } from './harness/run-ledger.ts';
import { RuleViolation } from './harness/violation.ts';
import { webhookSession } from './harness/webhook-session.ts';
import { registerProblemChecks } from './errors/problem-checks.ts';
import { registerHeardConventionChecks } from './media/heard-checks.ts';
import { registerTemplatesAcceptedCheck } from './profile/templates-accepted.ts';
import { endpointsFor, sendChanging, sendHarmless } from './server-errors/plan.ts';
import { drawArbitrary, guarded } from './status/draws.ts';

// Endpoints (preamble): "codes listed are the ones defined", and no row lists a 5xx. In the spirit of
// Schemathesis's not_a_server_error, no request the run sends to a row of the catalog — valid or invalid,
// from any check, set-up or clean-up — may get one. This file runs after every other
// (api/suite-session.ts), so the run ledger (harness/run-ledger.ts) holds the whole run's exchanges; the check
// adds its own deterministic phase (what the run has not sent yet) and a property over every endpoint, then
// reports the first 5xx with the check and property run that produced it. A transport failure (timeout,
// reset) is no 5xx: only a status line 500-599 counts. Unknown paths, methods a row does not define, the
// simulation hooks and requests without credentials are outside the rows ("not shown"): recorded only.

const RULE = 'errors/no-server-error';
const SHOWN = 3;

const session = webhookSession();

// The problem rules of Errors judge every answer the run heard (errors/problem-checks.ts): declared here, before
// this file's own check, so that they run once every other file has, and errors/no-server-error hears them too.
registerProblemChecks(session);
// So do the Conventions of success bodies (media/heard-checks.ts); their sweep only reads, so it needs no agency.
registerHeardConventionChecks({ session, ownAgency: async (c) => c.skip('the conventions sweep only reads') });
// So are the profile's templates, on every write of the run that carried one (profile/templates-accepted.ts).
registerTemplatesAcceptedCheck();

/**
 * Where a 5xx came from, so it can be replayed: the check, and the property's seed, path and the command that
 * draws the same values. The request itself is the exchange in the evidence, as curl (issue 23 §2), not
 * fast-check's notation of the drawn value.
 */
function origin(c: Check, s: ServerErrorSighting): string {
  if (s.ruleId === undefined) return "sent outside any check (a suite's set-up or clean-up)";
  if (!s.property) return `sent by ${s.ruleId}${s.ruleId === RULE ? "'s deterministic phase" : ''}`;
  const { seed, path } = s.property;
  return `sent by ${s.ruleId}'s property (fast-check seed ${seed}${path !== undefined ? `, path ${path}` : ''}; again: npx vmp-conformance run --seed ${c.ctx.seed} --only ${s.ruleId})`;
}

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function sighted(c: Check, s: ServerErrorSighting): string {
  const url = new URL(s.exchange.url);
  return `[${s.exchange.method}] ${decoded(url.pathname)}${url.search}: ${s.status}, ${origin(c, s)}`;
}

/** The verdict on the whole run: the property's shrunk failure first, else the first 5xx the ledger heard. */
function report(c: Check, ledger: RunLedger, failure: RuleViolation | undefined): void {
  const counted = ledger.sightings.filter((s) => s.counted);
  const outside = ledger.sightings.filter((s) => !s.counted);
  if (outside.length > 0)
    c.observe(
      `5xx outside the rows of the catalog (not judged): ${outside
        .slice(0, SHOWN)
        .map((s) => sighted(c, s))
        .join('; ')}`,
    );
  const tally = `${ledger.serverErrors} of the run's ${ledger.sent} requests got a 5xx`;
  if (failure) throw new RuleViolation(RULE, `${failure.message.replace(` (${RULE})`, '')}; ${tally} (${RULE})`);
  if (counted.length === 0) {
    c.judged(ledger.sent);
    c.observe(`${ledger.sent} requests in the run, none to a row of the catalog answered with a 5xx`);
    return;
  }
  // Evidence: the first 5xx (the one the failure names) and a few later ones.
  for (const s of counted.slice(1, SHOWN)) c.witness(s.exchange);
  c.witness(counted[0]!.exchange, true);
  const more = counted.slice(1, SHOWN).map((s) => sighted(c, s));
  c.fail(`no 5xx (codes listed are the ones defined), but ${sighted(c, counted[0]!)}; ${tally}${more.length > 0 ? `; also ${more.join('; ')}` : ''}`);
}

/**
 * Runs one of the check's own phases. One that cannot be prepared (a webhook topic the run may not change and
 * put back) ends that phase only, recorded: the verdict is on every request the run heard, whatever else skipped.
 */
async function phase(c: Check, name: string, body: () => Promise<void>): Promise<void> {
  if (deadlinePassed(c.ctx.deadline)) return c.observe(`${name} not sent: the run's deadline passed`);
  try {
    await body();
  } catch (error) {
    if (!skipsCheck(error)) throw error;
    c.observe(`${name} stopped: ${(error as Error).message}`);
  }
}

check(
  RULE,
  async (c) => {
    const ledger = c.givenPresent(runLedger(c.ctx.runId), 'the run ledger of the run (suites/harness/run-ledger.ts)');
    await phase(c, 'the boundary phase', () => sendHarmless(c, ledger));
    if (!c.ctx.readOnly) await phase(c, 'the changing phase', () => sendChanging(c, session));
    const anyRequest = fc.oneof(...endpointsFor(c).map((e) => drawArbitrary(c, e).map((draw) => ({ endpointId: e.id, draw }))));
    let failure: RuleViolation | undefined;
    await phase(c, 'the property phase', async () => {
      try {
        await c.property([anyRequest], async ({ endpointId, draw }) => {
          if (!(await guarded(c, draw))) return;
          const res = await c.send(endpointId, draw.call);
          if (endpointId === 'appnotificaciones-post' && res.status === 201) await c.send('appnotificaciones-delete', { params: draw.call.params ?? {} });
          c.judged();
          if (isServerError(res.status)) c.fail('no 5xx (codes listed are the ones defined)', res);
        });
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        failure = error;
      }
    });
    report(c, ledger, failure);
  },
  { judgesRun: true },
);
