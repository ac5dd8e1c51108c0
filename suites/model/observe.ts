import { addDays, LIMITS } from '../../models/index.ts';
import { lastSegment } from '../../sut/discovery.ts';
import { entryKey, entryKeys, recordOf } from './identity.ts';
import { listedAgencies } from './predict.ts';
import type { ModelRunner } from './runner.ts';
import type { TopicRole } from './topics.ts';
import { emptyWorld, fold, newAgency, type App, type InquiryView, type World } from './world.ts';

// The model fed with what the target shows, changing nothing: each app's agency list (discovery read primary's
// and other's; the empty app's is read here), and for one agency of each app of its own — primary's fixture
// agency, and an agency of other's list that primary's lacks and that has inquiries — its inquiries over the
// widest period a query may ask for (desde = today minus 90 days, hasta = today: Limits), every page, in the full
// form, and one sid per agency from the reference form.

/** An agency of one app alone, with one sid of its inquiries as that app sees them. */
export interface Held {
  app: App;
  adminMail: string;
  sid?: string;
}

export interface Observed {
  world: World;
  /** Per app, an agency associated with it alone (the subject of the matrix's own and foreign cells). */
  held: Held[];
  /** Why an app has no such agency here. */
  reasons: string[];
}

/** Agencies of other's list tried before giving up finding one with inquiries. */
const CANDIDATES = 3;

/** An e-mail no app has: the run invents it and never invites it. */
export const nobody = (r: ModelRunner): string => `${r.ctx.runId}-nadie@${r.ctx.profile.invitationDomain}`.toLowerCase();

/** The widest period the list may be asked for: the whole of what the model reads of an agency's inquiries. */
export function widest(r: ModelRunner): { desde: string; hasta: string } {
  return { desde: addDays(r.ctx.today, -LIMITS.desde.minDaysBeforeToday), hasta: r.ctx.today };
}

/** The roles (inquiry, registration) whose topics the profile's unavailableTopics names, per app. */
function unavailableRoles(profile: ModelRunner['ctx']['profile']): Partial<Record<App, TopicRole[]>> {
  const roles = ['inquiry', 'registration'] as const;
  return Object.fromEntries(
    Object.entries(profile.unavailableTopics).map(([app, names]) => [app, roles.filter((role) => (names ?? []).includes(profile.topics[role]))]),
  );
}

export async function observe(r: ModelRunner): Promise<Observed> {
  const { fixtures, profile } = r.ctx;
  const apps: App[] = ['primary', 'other', ...(profile.apps.empty ? (['empty'] as const) : [])];
  const world = emptyWorld(apps, nobody(r), unavailableRoles(profile));
  const agency = (mail: string) => {
    const key = fold(mail);
    if (!world.agencies.has(key)) world.agencies.set(key, newAgency(mail, false));
    return world.agencies.get(key)!;
  };
  for (const mail of fixtures.agencies) agency(mail).apps.add('primary');
  if (fixtures.agency) agency(fixtures.agency).apps.add('primary');
  for (const mail of fixtures.otherAgencies) agency(mail).apps.add('other');
  if (fixtures.operador && fixtures.agency) agency(fixtures.agency).operators.add(fold(fixtures.operador));
  const reasons: string[] = [];
  if (apps.includes('empty')) {
    const res = await r.send('agencias-list', { app: 'empty', form: 'ref' });
    const listed = res.status === 200 ? listedAgencies(res.json) : undefined;
    if (listed) for (const mail of listed) agency(mail).apps.add('empty');
    else reasons.push(`the empty app's agency list answered ${res.status ?? res.error?.code}`);
  }
  const held: Held[] = [];
  const alone = (mail: string, app: App) => [...agency(mail).apps].every((a) => a === app);
  if (fixtures.agency && alone(fixtures.agency, 'primary')) {
    // Held even when its inquiries cannot be read: the cells that need no inquiry still judge it.
    const read = await readInquiries(r, world, 'primary', fixtures.agency, fixtures.inquirySid);
    const sid = fixtures.inquirySid ?? read?.sid;
    held.push({ app: 'primary', adminMail: fixtures.agency, ...(sid ? { sid } : {}) });
  } else {
    reasons.push(
      fixtures.agency
        ? `the fixture agency ${fixtures.agency} is in app other's list too`
        : (fixtures.missing.agency ?? 'no agency of the primary app is known'),
    );
  }
  const others = fixtures.otherAgencies.filter((m) => alone(m, 'other')).slice(0, CANDIDATES);
  for (const mail of others) {
    const theirs = await readInquiries(r, world, 'other', mail);
    if (theirs?.sid) {
      held.push({ app: 'other', adminMail: mail, sid: theirs.sid });
      break;
    }
  }
  if (!held.some((h) => h.app === 'other')) reasons.push(`no agency of app other's list alone has inquiries it lists (${others.length} tried)`);
  return { world, held, reasons };
}

/**
 * Reads the inquiries `app` sees of `adminMail` over the widest period into the world: every page in the full
 * form, and one sid (`known`, else the first of the reference form), read by sid to know which inquiry it is. Undefined when the list is not answered 200.
 */
async function readInquiries(r: ModelRunner, world: World, app: App, adminMail: string, known?: string): Promise<{ sid?: string } | undefined> {
  const period = widest(r);
  const pages = await r.walk(app, adminMail, period);
  if (pages.some((p) => p.res.status !== 200)) return undefined;
  const entries = pages.flatMap((p) => {
    const e = (p.res.json as { _entries?: unknown } | undefined)?._entries;
    return Array.isArray(e) ? e : [];
  });
  const total = (pages[0]!.res.json as { Total?: unknown }).Total;
  const ref = known ? undefined : await r.send('consultas-list', { app, params: { adminMail }, query: period, form: 'ref' });
  const hrefs = ((ref?.json as { _entries?: unknown } | undefined)?._entries ?? []) as unknown[];
  const href = hrefs.map((e) => (e as { href?: unknown } | null)?.href).find((h): h is string => typeof h === 'string');
  const sid = known ?? (href ? lastSegment(href) : undefined);
  const view: InquiryView = {
    records: entryKeys(entries).map((key, i) => recordOf(entries[i], key)),
    sids: new Set(sid ? [sid] : []),
    complete: typeof total === 'number' && entries.length === total,
    allSids: false,
    ...period,
  };
  if (sid) {
    // The inquiry by its sid, so a lookup under another agency can tell it apart (predict.ts).
    const one = await r.send('consultas-get', { app, params: { adminMail, sid }, form: 'json' });
    const key = one.status === 200 ? entryKey(one.json) : undefined;
    const record = view.records.find((rec) => rec.key === key);
    if (record) record.sid = sid;
  }
  const a = world.agencies.get(fold(adminMail))!;
  a.inquiries.set(app, view);
  for (const rec of view.records) if (typeof rec.operador === 'string') a.operators.add(fold(rec.operador));
  return { ...(sid ? { sid } : {}) };
}
