import type { Departure } from '../sut/departure.ts';
import { matchEndpoint } from '../sut/endpoint-match.ts';
import { failingExchange, type Exchange } from '../sut/evidence.ts';
import { causeOf, failureCause } from './failure-cause.ts';
import type { RuleResult } from './results.ts';

// Failures read by cause (issue 23 §2, issue 29 item 4): one fault of the target (a member left out of every
// problem body) can fail twenty rules with one departure; every report leads with the causes — how many rules each
// fails, the exchange where it was first seen, the rules — and then lists the rules. What follows from a cause is
// listed under it: a request to where an answer led (its Location, a link of its body) that the target then answers
// 404 fails because of that answer, whatever rule sent it.

export interface CauseGroup {
  /** What went wrong: the departure in words, else the finding as the first of its rules said it. */
  text: string;
  key: string;
  departure?: Departure;
  /** The first rule's own words, when the cause is a departure (they name the expectation too). */
  finding?: string;
  /** In catalog order (the rules are). */
  rules: RuleResult[];
  /** The exchange that shows it in its first rule that has one. */
  exchange?: Exchange;
  /** Failures that follow from it: a request to where one of its answers led, answered 404 or 410. */
  followers: RuleResult[];
}

/** Where a failing request came from: the Location or a link of an earlier answer. */
interface Lead {
  via: 'Location' | 'link';
  method: string;
  /** The catalog path template of the answer that led there, or its path. */
  endpoint: string;
  status: number;
}

/** A target that is not there: what a request to a wrong Location or link gets. */
const GONE = new Set([404, 410]);

const endpointOf = (x: Pick<Exchange, 'method' | 'url'>): string => {
  const path = new URL(x.url).pathname;
  return matchEndpoint(x.method, path)?.path ?? path;
};

const header = (x: Exchange, name: string): string | undefined => Object.entries(x.responseHeaders).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

/** The URLs an answer leads to (absolute, without fragment), by how. */
function leadsOf(x: Exchange): [Lead['via'], string][] {
  const out: [Lead['via'], string][] = [];
  const resolve = (ref: string): string | undefined => (URL.canParse(ref, x.url) ? new URL(ref, x.url).href.split('#')[0] : undefined);
  const location = header(x, 'location');
  const at = location === undefined ? undefined : resolve(location);
  if (at) out.push(['Location', at]);
  for (const m of x.bodyExcerpt.matchAll(/"href"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    const href = resolve(m[1]!);
    if (href) out.push(['link', href]);
  }
  return out;
}

/** Where r's failing request came from, when an earlier answer of the failures led to it and it was gone there. */
function leadOf(r: RuleResult, earlier: readonly Exchange[]): Lead | undefined {
  const x = failingExchange(r.exchanges);
  if (!x || x.status === undefined || !GONE.has(x.status)) return undefined;
  const target = x.url.split('#')[0];
  for (const s of [...r.exchanges, ...earlier]) {
    if (s === x || (s.sentAt ?? 0) > (x.sentAt ?? 0)) continue;
    const hit = leadsOf(s).find(([, url]) => url === target);
    if (hit) return { via: hit[0], method: s.method, endpoint: endpointOf(s), status: x.status };
  }
  return undefined;
}

/** Whether a cause is the fault of the answer a lead came from: that header departed, on that endpoint. */
function explains(g: CauseGroup, lead: Lead): boolean {
  const d = g.departure;
  if (!d || !g.exchange || g.exchange.method !== lead.method || endpointOf(g.exchange) !== lead.endpoint) return false;
  return lead.via === 'Location' ? (d.kind === 'header-wrong' || d.kind === 'header-missing') && d.subject === 'Location' : d.kind.startsWith('member-');
}

function groupFor(groups: Map<string, CauseGroup>, key: string, make: () => Omit<CauseGroup, 'key' | 'rules' | 'followers'>): CauseGroup {
  const group = groups.get(key) ?? { ...make(), key, rules: [], followers: [] };
  groups.set(key, group);
  return group;
}

/** The failed rules grouped by cause, each group where its first rule is, with the failures that follow from it. */
export function causeGroups(failed: readonly RuleResult[]): CauseGroup[] {
  const failing = failed.flatMap((r) => failingExchange(r.exchanges) ?? []);
  const leads = new Map<RuleResult, Lead>();
  for (const r of failed) {
    const lead = leadOf(r, failing);
    if (lead) leads.set(r, lead);
  }
  const groups = new Map<string, CauseGroup>();
  for (const r of failed) {
    if (leads.has(r)) continue;
    const cause = causeOf(r);
    const group = groupFor(groups, r.cause ?? cause.key, () => ({
      text: cause.text,
      ...(r.departure ? { departure: r.departure, finding: failureCause(r.message ?? 'failed').text } : {}),
    }));
    group.rules.push(r);
    group.exchange ??= failingExchange(r.exchanges);
  }
  const direct = [...groups.values()];
  for (const [r, lead] of leads) {
    const owner = direct.find((g) => explains(g, lead));
    if (owner) {
      owner.followers.push(r);
      continue;
    }
    // No rule judged the answer that led there: the failures it led to are one cause, named by that answer.
    const what = `the ${lead.via} of ${lead.method} ${lead.endpoint}`;
    const group = groupFor(groups, `led-by ${lead.via} ${lead.method} ${lead.endpoint} ${lead.status}`, () => ({
      text: `${what} leads where the target answers ${lead.status}`,
    }));
    group.rules.push(r);
    group.exchange ??= failingExchange(r.exchanges);
  }
  const place = new Map(failed.map((r, i) => [r, i]));
  const first = (g: CauseGroup) => Math.min(...[...g.rules, ...g.followers].map((r) => place.get(r)!));
  // The network's faults lead (Principle 5: what the target did is read after them), then in catalog order.
  const rank = (g: CauseGroup) => (g.departure?.kind === 'infrastructure' ? 0 : 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || first(a) - first(b));
}

/** How many rules a cause fails, those that follow from it included. */
export const rulesOf = (g: CauseGroup): number => g.rules.length + g.followers.length;

/** `followed by 3 (requests to where it led, answered 404)`: the heading of a cause's followers. */
export const followersLine = (g: CauseGroup): string => {
  const statuses = [...new Set(g.followers.map((r) => failingExchange(r.exchanges)?.status))].join(' or ');
  return `followed by ${g.followers.length} (requests to where its answers led, answered ${statuses})`;
};

/** `2 causes → 20 rules`. */
export const causesHeadline = (groups: readonly CauseGroup[]): string => {
  const rules = groups.reduce((n, g) => n + rulesOf(g), 0);
  return `${groups.length} cause${groups.length === 1 ? '' : 's'} → ${rules} rule${rules === 1 ? '' : 's'}`;
};

/** Where a cause was first seen: `[GET] /v3/agencias?operador=… → 400`. */
export const seenAt = (x: Exchange): string => `[${x.method}] ${x.url} → ${x.status ?? 'no response'}${x.error ? ` (${x.error})` : ''}`;
