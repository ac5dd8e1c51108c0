import { check } from './harness/check.ts';
import { webhookSession } from './harness/webhook-session.ts';
import { PART_BODIES } from './model/parts.ts';
import { ModelRun, type Part } from './model/run.ts';

// Issue 21: the rules that are views on the executable model of the spec (suites/model/, docs/verdicts.md). One
// model run per conformance run, in parts run on first need; each check below reports its rule's share: the
// instances the run judged, failing on the first difference (its exchange as evidence), skipped when it judged none.

const session = webhookSession();
const run = new ModelRun(session, PART_BODIES);

/** Rules whose instances include primary's fixture agency: without one they skip with discovery's reason. */
const ON_FIXTURE = new Set([
  'scoping/foreign-agency-get-404',
  'scoping/foreign-agency-productos-404',
  'scoping/foreign-consultas-list-404',
  'scoping/foreign-consulta-get-404',
  'scoping/agency-lists-disjoint',
]);

/**
 * Each view and the last part of the run it needs (the parts before it run first). Every check here changes
 * nothing by itself; the parts that change the target decide for themselves whether they may (run.ts, parts.ts).
 */
const VIEWS: readonly (readonly [string, Part])[] = [
  ['scoping/agency-lists-disjoint', 'reads'],
  ['scoping/foreign-agency-get-404', 'writes'],
  ['scoping/foreign-agency-productos-404', 'writes'],
  ['scoping/foreign-consultas-list-404', 'writes'],
  ['scoping/foreign-consulta-get-404', 'writes'],
  ['scoping/empty-app-no-agencies', 'writes'],
  ['scoping/agency-reads', 'writes'],
  ['scoping/lookup-by-id', 'writes'],
  ['scoping/inquiries-of-app', 'writes'],
  ['scoping/filters-within-app', 'writes'],
  ['model/inquiry-selection', 'writes'],
  ['scoping/foreign-agency-put-403', 'writes'],
  ['scoping/foreign-agency-desasociar-403', 'writes'],
  ['scoping/foreign-resend-403', 'writes'],
  ['scoping/agency-modifications', 'writes'],
  ['scoping/agencias-list', 'writes'],
  ['scoping/topics-per-app', 'writes'],
  ['scoping/webhook-config-per-app', 'writes'],
  ['scoping/webhook-delivery', 'deliveries'],
  ['model/refused-write-unchanged', 'sequences'],
  ['model/write-neighbours-unchanged', 'sequences'],
  ['model/command-sequences', 'sequences'],
  ['model/forms-agree', 'sequences'],
];

/** The whole model run may take a while on a slow target; the run's deadline still ends it (run.ts). */
const VIEW_TIMEOUT_MS = 300_000;

for (const [rule, part] of VIEWS) {
  check(
    rule,
    async (c) => {
      if (ON_FIXTURE.has(rule)) void c.ctx.fixtures.agency;
      if (rule === 'scoping/empty-app-no-agencies' && !c.ctx.profile.apps.empty) c.skip('the profile declares no empty app (apps.empty)');
      await run.view(c, [part]);
    },
    { timeout: VIEW_TIMEOUT_MS },
  );
}
