import type { AppName } from '../../sut/profile.ts';
import type { TopicRole } from './topics.ts';

// What the model knows of the target: the state the target showed (agencies in each app's list, their inquiries
// as each app's lists give them) and what this run made (agencies invited and registered through the hooks,
// inquiries injected, webhook topics configured). Predictions (predict.ts) are pure functions of it.

export type App = AppName;

/** adminMail "matched case-insensitively" (Endpoints preamble): the model keys agencies by this. */
export const fold = (mail: string): string => mail.toLowerCase();

/** An inquiry as the model knows it: what decides which filters select it, and how to recognise it in an answer. */
export interface InquiryRecord {
  /** Identity in a full-form answer: the run's marker for an inquiry it made, else its self link (identity.ts). */
  key: string;
  /** The Consulta's content (consulta-match.ts contentKey), for an inquiry the run did not make. */
  content?: string;
  /** Its sid, where known (the hooks' answer, or a reference-form href). */
  sid?: string;
  externalId: unknown;
  operador: unknown;
  /** Momento as an instant; undefined when unreadable. */
  epochMs: number | undefined;
}

/** The inquiries one app sees of one agency, for the period the model read them over. */
export interface InquiryView {
  records: InquiryRecord[];
  /** sids of the app's inquiries of the agency, where known (reference-form hrefs, the hooks' answers). */
  sids: Set<string>;
  /** Every inquiry of the period is known (a complete walk, or an agency the run made). */
  complete: boolean;
  /** Every inquiry of the agency for the app, of any age, is known by its sid: an agency the run made. */
  allSids: boolean;
  desde: string;
  hasta: string;
}

export interface AgencyRecord {
  adminMail: string;
  /** Apps it is associated with: visible to them (Authentication, What the service does). */
  apps: Set<App>;
  /** Apps that invited it and whose invitation is still pending (whether it is listed then is not shown). */
  pendingFor: Set<App>;
  /** Apps it was dissociated from by this run (States and transitions > Agency association). */
  dissociatedFrom: Set<App>;
  /** Made by this run: its associations and inquiries are all known. */
  runMade: boolean;
  /** E-mails of operators known to be its own: its administrator (Endpoints preamble), and observed ones. */
  operators: Set<string>;
  inquiries: Map<App, InquiryView>;
}

export interface World {
  /** The apps of the profile: primary, other, and empty when it has one. */
  apps: readonly App[];
  /** By folded adminMail. */
  agencies: Map<string, AgencyRecord>;
  /** Per app, per topic role, the callback URL configured (null: not configured). A role absent is unknown. */
  topics: Map<App, Map<TopicRole, string | null>>;
  /**
   * Per app, per topic role, whether the topic is available to the app (Events: "only topics available to the app
   * can be configured"). A role absent is unknown: the profile's topics are the primary app's; another app's are
   * learnt from what tells them (topic-steps.ts `learnAvailability`), never assumed.
   */
  available: Map<App, Map<TopicRole, boolean>>;
  /** Callback URLs the run configured for each app at some time: a read of another app must show none of them. */
  urlsOf: Map<App, Set<string>>;
  /** An adminMail no app has: never invited by anyone (the run invents it). */
  nonexistent: string;
}

/** The app the profile's topics are named for, and what it says of them: inquiry and registration available, the other not. */
const PROFILE_APP: App = 'primary';
const PROFILE_AVAILABILITY: [TopicRole, boolean][] = [
  ['inquiry', true],
  ['registration', true],
  ['unavailable', false],
];

/**
 * The world before anything is read. `unavailable`: per app other than primary, the topic roles the profile says
 * are not available to it (unavailableTopics); the rest of another app's availability is learnt.
 */
export function emptyWorld(apps: readonly App[], nonexistent: string, unavailable: Partial<Record<App, readonly TopicRole[]>> = {}): World {
  const known = (a: App): [TopicRole, boolean][] =>
    a === PROFILE_APP ? PROFILE_AVAILABILITY : (unavailable[a] ?? []).map((role): [TopicRole, boolean] => [role, false]);
  return {
    apps,
    agencies: new Map(),
    topics: new Map(apps.map((a) => [a, new Map()])),
    available: new Map(apps.map((a) => [a, new Map(known(a))])),
    urlsOf: new Map(apps.map((a) => [a, new Set()])),
    nonexistent,
  };
}

export function newAgency(adminMail: string, runMade: boolean): AgencyRecord {
  return {
    adminMail,
    apps: new Set(),
    pendingFor: new Set(),
    dissociatedFrom: new Set(),
    runMade,
    operators: new Set([fold(adminMail)]),
    inquiries: new Map(),
  };
}

/** The agency named `adminMail`, if the model knows it. */
export const agencyOf = (w: World, adminMail: string): AgencyRecord | undefined => w.agencies.get(fold(adminMail));

/** Whether `adminMail` names an agency associated with `app`: what every scoped row decides by. */
export function visibleTo(w: World, app: App, adminMail: string): boolean {
  return agencyOf(w, adminMail)?.apps.has(app) ?? false;
}

/** Whether the model knows `app` sees `adminMail` as no agency of its own: known elsewhere, dissociated, or nonexistent. */
export function knownAbsent(w: World, app: App, adminMail: string): boolean {
  if (fold(adminMail) === fold(w.nonexistent)) return true;
  const a = agencyOf(w, adminMail);
  if (!a || a.apps.has(app) || a.pendingFor.has(app)) return false;
  // An agency seen only in other apps' lists may still be associated with this one when its list was not read
  // in full; the run's own agencies, and those the app's list lacks, are known.
  return a.runMade || a.dissociatedFrom.has(app) || a.apps.size > 0;
}

/** The inquiries `app` sees of `adminMail`, as the model knows them. */
export const inquiriesOf = (w: World, app: App, adminMail: string): InquiryView | undefined => agencyOf(w, adminMail)?.inquiries.get(app);

/** The agency (and app) that sees an inquiry `sid`, over every agency the model knows; its record where kept. */
export function inquiryBySid(w: World, sid: string): { agency: AgencyRecord; app: App; record?: InquiryRecord } | undefined {
  for (const agency of w.agencies.values()) {
    for (const [app, view] of agency.inquiries) {
      if (!view.sids.has(sid)) continue;
      const record = view.records.find((r) => r.sid === sid);
      return { agency, app, ...(record ? { record } : {}) };
    }
  }
  return undefined;
}

/** A deep copy, for a sequence that may fail half-way and must not leave the model it started from changed. */
export function cloneWorld(w: World): World {
  const agencies = new Map(
    [...w.agencies].map(([k, a]) => [
      k,
      {
        ...a,
        apps: new Set(a.apps),
        pendingFor: new Set(a.pendingFor),
        dissociatedFrom: new Set(a.dissociatedFrom),
        operators: new Set(a.operators),
        inquiries: new Map([...a.inquiries].map(([app, v]) => [app, { ...v, records: [...v.records], sids: new Set(v.sids) }])),
      },
    ]),
  );
  return {
    ...w,
    agencies,
    topics: new Map([...w.topics].map(([app, t]) => [app, new Map(t)])),
    available: new Map([...w.available].map(([app, t]) => [app, new Map(t)])),
    urlsOf: new Map([...w.urlsOf].map(([app, u]) => [app, new Set(u)])),
  };
}
