import { endpoint, essence, forbiddenProblem, listEntries, PROBLEM_MEDIA_TYPE, validationProblem } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { lastSegment } from '../../sut/discovery.ts';
import { mentions } from '../events/hooks.ts';
import { contentKey } from '../harness/consulta-match.ts';
import type { Facet } from './compare.ts';
import { statusOf } from './outcomes.ts';
import { predictTopic, TOPIC_ENDPOINT, type TopicRole, type TopicStep, type Verb } from './topics.ts';
import { MARKER } from './identity.ts';
import { agencyOf, fold, inquiryBySid, knownAbsent, visibleTo, type App, type World } from './world.ts';

// What the spec makes of one request, given what the model knows (world.ts): the status (from the catalog,
// outcomes.ts), the statement that decides it, and what the body must show. Undefined where the spec leaves the
// answer open for this state (an invitation still pending) or the model does not know enough: no verdict then.

export interface Prediction {
  status: readonly number[];
  statement: string;
  facets?: Facet[];
}

const modifies = (endpointId: string): boolean => endpoint(endpointId).scoping === 'agency-modify';
/** Whether the row's 403 is (also) for an app without permission over the agency, by what the catalog says it means. */
const forbidsForPermission = (endpointId: string): boolean =>
  modifies(endpointId) && endpoint(endpointId).others.some((o) => o.status === statusOf(endpointId, 'forbidden') && o.meaning.includes('permission'));
const aboutInquiries = (endpointId: string): boolean => endpoint(endpointId).path.startsWith('/v3/consultas/');

/**
 * A row that names an agency (every row whose scoping is agency-read or agency-modify), called by `app`. For the
 * rows that also name an inquiry, `sid` is one of the inquiries the model knows, or one it invented.
 */
export function predictAgencyRow(w: World, endpointId: string, app: App, adminMail: string, sid?: string): Prediction | undefined {
  if (!visibleTo(w, app, adminMail)) {
    if (!knownAbsent(w, app, adminMail)) return undefined;
    // Authentication: "not found (404) or, on modifying operations that name the agency, as forbidden (403)";
    // "a 403 also answers an app that lacks permission over an agency" (one associated with another app).
    const elsewhere = (agencyOf(w, adminMail)?.apps.size ?? 0) > 0;
    const statement = elsewhere && forbidsForPermission(endpointId) ? 'auth/no-permission-403' : 'auth/absent-agency';
    const status = statusOf(endpointId, 'absentAgency');
    return { status: [status], statement, facets: problemFacets(endpointId, status) };
  }
  // What the app may see, and (Authentication) what it may change: the agency is its own.
  const own = modifies(endpointId) ? 'auth/scoped-to-app' : aboutInquiries(endpointId) ? 'service/inquiries-visible' : 'service/scoped-to-app';
  if (sid === undefined) return { status: [statusOf(endpointId, 'success')], statement: own };
  const view = agencyOf(w, adminMail)!.inquiries.get(app);
  if (view?.sids.has(sid)) {
    const record = view.records.find((r) => r.sid === sid);
    const facets: Facet[] = record?.key.startsWith(MARKER)
      ? [{ says: `the inquiry ${sid} itself, carrying ${record.key}`, holds: (res) => mentions(res.json, record.key) }]
      : [];
    return { status: [statusOf(endpointId, 'success')], statement: own, facets };
  }
  const notFound = statusOf(endpointId, 'notFound');
  const statement = `endpoints/${endpointId}/404`;
  // Every sid of an agency the run made is known: any other is no inquiry of it for the app.
  if (view?.allSids) return { status: [notFound], statement };
  // Otherwise sids may be numbered per agency, so another agency's sid may name one of this agency's inquiries
  // too: then the answer is that inquiry, never the other agency's.
  const elsewhere = inquiryBySid(w, sid)?.record;
  if (!elsewhere) return undefined;
  // Which data the answer carries, not which URI it names: a target that serves the other agency's inquiry under
  // this agency's path would name it by this path. So the other's is told by its content here (by the marker
  // where the run made it); only two agencies holding alike inquiries under one sid could be taken for each other.
  const theOther: Facet = {
    says: `not the inquiry ${sid} of another agency`,
    holds: (res) => (elsewhere.key.startsWith(MARKER) ? !mentions(res.json, elsewhere.key) : contentKey(res.json) !== elsewhere.content),
  };
  return { status: [notFound, statusOf(endpointId, 'success')], statement, facets: [theOther] };
}

/**
 * POST /v3/agencias of an AdminMail the model knows as registered (associated with an app, or dissociated: "the
 * agency keeps its own account"): the invitation's condition fails, 409 (States and transitions). Undefined for
 * one still pending (accepted again: lifecycle/invitation-pending-202 judges that) or unknown.
 */
export function predictInvite(w: World, adminMail: string): Prediction | undefined {
  const a = agencyOf(w, adminMail);
  if (!a || (a.apps.size === 0 && a.dissociatedFrom.size === 0)) return undefined;
  const status = statusOf('agencias-invite', 'conflict');
  return { status: [status], statement: 'endpoints/agencias-invite/409', facets: problemFacets('agencias-invite', status) };
}

/**
 * What a refusal's body must be (Errors): a 403 a problem (application/problem+json, fields not shown), a 400 or
 * 409 a validation problem whose Status is the HTTP status; a 404 has no body defined, so nothing.
 */
export function problemFacets(endpointId: string, status: number): Facet[] {
  const kind = endpoint(endpointId).others.find((o) => o.status === status)?.body;
  if (kind !== 'problem' && kind !== 'validation-problem') return [];
  const typed: Facet = { says: `a ${PROBLEM_MEDIA_TYPE} body`, holds: (res) => essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE };
  if (kind === 'problem') return [typed, { says: 'a problem body (a JSON object)', holds: (res) => forbiddenProblem().safeParse(res.json).success }];
  const members: Facet = {
    says: `a validation problem (Errors, Type, Title, Status, Detail, Instance, Extensions) whose Status is ${status}`,
    holds: (res) => {
      const parsed = validationProblem().safeParse(res.json);
      return parsed.success && parsed.data.Status === status;
    },
  };
  return [typed, members];
}

/** The folded adminMails of an agency list in the reference form: each entry's href names one agency. */
export function listedAgencies(json: unknown): Set<string> | undefined {
  const entries = listEntries(json);
  if (!entries) return undefined;
  const listed = new Set<string>();
  for (const e of entries) {
    const href = (e as { href?: unknown } | null)?.href;
    if (typeof href === 'string') listed.add(fold(lastSegment(href)));
  }
  return listed;
}

/** Read once per answer, however many facets ask: a list's length must not multiply by the agencies the model knows. */
const listed = new WeakMap<TargetResponse, Set<string>>();
function listedIn(res: TargetResponse): Set<string> {
  let set = listed.get(res);
  if (!set) listed.set(res, (set = listedAgencies(res.json) ?? new Set()));
  return set;
}

/**
 * GET /v3/agencias (reference form) as `app`, optionally with `operador`: lists every agency the run made that is
 * associated with the app (and, filtered, has that operator), and none the app does not have. A filtered list is
 * also within the unfiltered one (`unfiltered`, read just before). Pending invitations are neither (not shown).
 */
export function predictAgencyList(w: World, app: App, operador?: string, unfiltered?: Set<string>): Prediction {
  const facets: Facet[] = [{ says: 'a list of link objects whose href names each agency', holds: (res) => listEntries(res.json) !== undefined }];
  for (const a of w.agencies.values()) {
    const operates = operador === undefined || a.operators.has(fold(operador));
    if (a.runMade && a.apps.has(app) && operates) {
      const why = operador === undefined ? '' : `, whose operator ${operador} is`;
      facets.push({ says: `the agency ${a.adminMail}, associated with app ${app}${why}`, holds: (res) => listedIn(res).has(fold(a.adminMail)) });
    }
    if (knownAbsent(w, app, a.adminMail)) {
      facets.push({ says: `not the agency ${a.adminMail}, which is not app ${app}'s`, holds: (res) => !listedIn(res).has(fold(a.adminMail)) });
    }
  }
  facets.push({ says: `not ${w.nonexistent}, which no app has`, holds: (res) => !listedIn(res).has(fold(w.nonexistent)) });
  if (operador !== undefined && unfiltered) {
    facets.push({
      says: `only agencies of app ${app}'s unfiltered list`,
      holds: (res) => [...listedIn(res)].every((m) => unfiltered.has(m)),
    });
  }
  return {
    status: [statusOf('agencias-list', 'success')],
    statement: operador === undefined ? 'service/scoped-to-app' : 'endpoints/agencias-list/operador',
    facets,
  };
}

/**
 * A topic request of `app`: its status by the state machine (topics.ts) from the model's state of that app's
 * topic, and what a read shows: the callback URL this app configured last, and no URL another app configured
 * nor one this app configured before (replaced or removed). A topic known unavailable to the app is the
 * machine's unavailable one; while its availability is unknown, a topic not configured answers PUT, GET and
 * DELETE alike (404 both ways), and POST with 201 or 403 — the answer tells which (topic-steps.ts). `step` is
 * the first status's. Undefined while the topic's state is unknown.
 */
export function predictTopicRow(w: World, app: App, verb: Verb, role: TopicRole): (Prediction & { step: TopicStep }) | undefined {
  const available = w.available.get(app)?.get(role);
  const state = available === false ? null : w.topics.get(app)?.get(role);
  if (state === undefined) return undefined;
  const url = state;
  const step = predictTopic(verb, available === false ? 'unavailable' : role, url !== null);
  const either = available === undefined && verb === 'POST' && url === null ? [statusOf(TOPIC_ENDPOINT.POST, 'forbidden')] : [];
  const facets: Facet[] = [];
  if (verb === 'GET' && url !== null) {
    facets.push({ says: `the callback URL ${url} configured last`, holds: (res) => mentions(res.json, url) });
  }
  if (verb === 'GET') {
    for (const stale of notShown(w, app))
      facets.push({ says: `not ${stale}, which is no configuration of app ${app} now`, holds: (res) => !mentions(res.json, stale) });
  }
  // Each status's body where it is that status: a 403 a problem (Errors).
  const problems = [step.status, ...either].flatMap((status) =>
    problemFacets(TOPIC_ENDPOINT[verb], status).map((f) =>
      either.length === 0 ? f : { says: `on ${status}, ${f.says}`, holds: (res: TargetResponse) => res.status !== status || f.holds(res) },
    ),
  );
  return { status: [step.status, ...either], statement: 'events/topic-operations', facets: [...facets, ...problems], step };
}

/**
 * Callback URLs the run configured that no read of `app` may show: every other app's, and its own that were
 * replaced or removed. The run gives every configuration a URL of its own, none a part of another.
 */
export function notShown(w: World, app: App): string[] {
  const current = new Set([...(w.topics.get(app)?.values() ?? [])].filter((u): u is string => u !== null));
  return [...new Set([...w.urlsOf.values()].flatMap((urls) => [...urls]))].filter((u) => !current.has(u));
}
