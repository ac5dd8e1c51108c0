import type { AppName } from '../../../sut/profile.ts';
import type { FaultContext, Mutant } from '../fault.ts';
import { answers, type Json } from './helpers.ts';

// Round 3: what only an agency of two apps, another app's lookup or a delivery shows — an inquiry of one app's
// publication reaching the other app (a filter, a resend), a dissociation by one app that takes the agency's
// inquiries from the other, OPTIONS on another app's agency answered as the caller's, a refused resend that
// delivers anyway. The shared-agency faults need a target that gives one agency to both apps (suites/model/shared.ts).

const APPS: readonly AppName[] = ['primary', 'other', 'empty'];

/** The apps besides `app` that read the agency `adminMail` (GET 200). */
async function othersWith(ctx: FaultContext, app: AppName | undefined, adminMail: string | undefined): Promise<AppName[]> {
  if (!adminMail) return [];
  const found: AppName[] = [];
  for (const a of APPS) {
    if (a === app || !ctx.profile.apps[a]) continue;
    if ((await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(adminMail)}`, { app: a })).status === 200) found.push(a);
  }
  return found;
}

const entries = (json: unknown): unknown[] => (Array.isArray((json as Json | undefined)?._entries) ? ((json as Json)._entries as unknown[]) : []);

export const SHARED_AGENCY_MUTANTS: Mutant[] = [
  {
    name: 'consultas-externalid-reaches-other-apps-inquiries',
    statement: 'service/inquiries-visible',
    breaks: 'scoping/inquiries-of-app',
    also: ['model/command-sequences'],
    // Filtered by a publication's external id, an agency's list also shows what the other apps' lists of that
    // agency show for it (the filter searches the agency, not the app's publications).
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200 || !req.query.has('externalid')) return;
      const seen = new Set(entries(res.json()).map((e) => JSON.stringify(e)));
      const more: unknown[] = [];
      for (const app of await othersWith(ctx, req.app, req.param('adminMail'))) {
        const theirs = await ctx.upstream('GET', req.url, { app, accept: req.headers.accept ?? 'application/json' });
        for (const e of entries(theirs.json())) if (!seen.has(JSON.stringify(e))) more.push(e);
      }
      if (more.length === 0) return;
      res.editJson<Json>((page) => ({ ...page, _entries: [...entries(page), ...more], Total: Number(page.Total ?? 0) + more.length }));
    }),
  },
  {
    name: 'resend-finds-other-apps-inquiry',
    statement: 'service/inquiries-visible',
    breaks: 'scoping/inquiries-of-app',
    also: ['model/command-sequences'],
    // An inquiry the app cannot find (404) is sent again for another app that has the agency and finds it.
    fault: answers(['consultas-resend'], async (req, res, ctx) => {
      if (res.status !== 404) return;
      for (const app of await othersWith(ctx, req.app, req.param('adminMail'))) {
        const theirs = await ctx.upstream('POST', req.url, { app, accept: req.headers.accept ?? 'application/json' });
        if (theirs.status === 202) {
          Object.assign(res, theirs);
          return;
        }
      }
    }),
  },
  {
    name: 'desasociar-empties-other-apps-inquiries',
    statement: 'states/desasociar-result',
    breaks: 'model/write-neighbours-unchanged',
    also: ['model/command-sequences'],
    // Once one app dissociated an agency, every other app's list of its inquiries comes back empty.
    fault: answers(['agencias-desasociar', 'consultas-list'], (req, res, ctx) => {
      const gone = (ctx.memory.get('dissociated-by') as Map<string, AppName> | undefined) ?? new Map<string, AppName>();
      ctx.memory.set('dissociated-by', gone);
      const mail = req.param('adminMail')?.toLowerCase();
      if (!mail || !req.app) return;
      if (req.endpoint === 'agencias-desasociar' && res.status === 204) gone.set(mail, req.app);
      const by = gone.get(mail);
      if (req.endpoint === 'consultas-list' && res.status === 200 && by && by !== req.app) {
        res.editJson<Json>((page) => ({ ...page, _entries: [], Total: 0 }));
      }
    }),
  },
  {
    name: 'options-answers-for-the-owning-app',
    statement: 'auth/absent-agency',
    breaks: 'scoping/agency-reads',
    also: ['model/command-sequences'],
    // OPTIONS on the URI of an agency the caller does not have answers what its owner would get.
    fault: answers(['agencias-options'], async (req, res, ctx) => {
      if (res.status !== 404) return;
      const [owner] = await othersWith(ctx, req.app, req.param('adminMail'));
      if (owner) Object.assign(res, await ctx.upstream('OPTIONS', req.url, { app: owner, accept: req.headers.accept ?? 'application/json' }));
    }),
  },
  {
    name: 'resend-403-resent-for-the-owner',
    statement: 'endpoints/consultas-resend/403',
    breaks: 'model/refused-write-unchanged',
    also: ['model/command-sequences'],
    // A resend refused with 403 (the agency is another app's) is answered 403, and carried out for the app that
    // has the agency: its callback gets the inquiry again.
    fault: answers(['consultas-resend'], async (req, res, ctx) => {
      if (res.status !== 403) return;
      const [owner] = await othersWith(ctx, req.app, req.param('adminMail'));
      if (owner) await ctx.upstream('POST', req.url, { app: owner });
    }),
  },
];
