import { request } from 'undici';
import { startReferenceServer } from '../../../reference/server.ts';
import { contentKey, selfHref } from '../../../suites/harness/consulta-match.ts';
import type { AppName, Profile } from '../../../sut/profile.ts';
import type { MutantRequest } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import { answers, entriesOf, formAsked, type Json } from '../gallery/helpers.ts';

// Issue 27, item 10, as batch.ts loads a gallery (run-batch.ts `gallery`): a reference server on which the first
// inquiry of every agency has an alike twin — the same Consulta, another sid, received through the simulation
// hooks (the API cannot delete one, so a staging keeps such pairs for ever). The conforming server must pass
// the rules that tell inquiries apart; the faults of a server that keys them by content (showing the first of a
// pair for both, or only one of the two) must still be caught.

/** The rules that tell inquiries apart, each list walked over every page. */
export const ALIKE_RULES = ['consultas/list/*', 'model/inquiry-selection', 'scoping/filters-within-app'];

const APPS: readonly AppName[] = ['primary', 'other'];

/** A fresh reference server whose agencies each hold a pair of alike inquiries. */
export async function freshUpstream(profile: Profile): Promise<{ url: string; close(): Promise<void> }> {
  const server = await startReferenceServer({ profile });
  const call = async (app: AppName, path: string, accept: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    // A connection each (reset): a kept-alive one may be closed by the server while idle on a loaded machine.
    const res = await request(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...profile.apps[app]!.headers, accept, 'content-type': 'application/json' },
      reset: true,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.statusCode, json: await res.body.json().catch(() => undefined) };
  };
  for (const app of APPS) {
    const agencies = (await call(app, '/v3/agencias', 'application/vnd.service.ref+json')).json as { href: string }[];
    for (const { href } of agencies) {
      const adminMail = decodeURIComponent(href.split('/').at(-1)!);
      const page = (await call(app, `/v3/consultas/${encodeURIComponent(adminMail)}`, 'application/json')).json as Json;
      const first = entriesOf(page)[0];
      if (!first) continue;
      const { _links: _ignored, ...consulta } = first;
      const made = await call(app, `${profile.simulationHooks}/consultas`, 'application/json', { adminMail, consulta });
      if (made.status !== 201) throw new Error(`seeding an alike inquiry in ${adminMail}: ${made.status}`);
    }
  }
  return { url: server.url, close: () => server.close() };
}

/** The later entry of each alike pair on a page, with the earlier one: same content (or title), another URI. */
function pairs(entries: readonly Json[], ref: boolean): [earlier: number, later: number][] {
  const key = (e: Json) => (ref ? String(e.title) : contentKey(e));
  const uri = (e: Json) => (ref ? String(e.href) : selfHref(e));
  const first = new Map<string, number>();
  const found: [number, number][] = [];
  entries.forEach((e, i) => {
    const at = first.get(key(e));
    if (at === undefined) first.set(key(e), i);
    else if (uri(entries[at]!) !== uri(e)) found.push([at, i]);
  });
  return found;
}

/** Rewrites the alike pairs of every inquiry page `when` picks, in both forms. */
const alikePairs = (edit: (entries: Json[], pair: [number, number]) => void, when: (req: MutantRequest) => boolean = () => true): Fault =>
  answers(['consultas-list'], (req, res) => {
    if (res.status !== 200 || !when(req)) return;
    res.editJson((page) => {
      const entries = entriesOf(page);
      for (const pair of pairs(entries, formAsked(req) === 'ref').reverse()) edit(entries, pair);
    });
  });

const CONFORMING = 'alike-pair-conforming';

export const GALLERY: readonly Mutant[] = [
  // Not a fault: the conforming server, whose run must pass.
  { name: CONFORMING, statement: 'paged/total', breaks: 'consultas/list/no-gaps', fault: {} },
  {
    name: 'alike-twin-shown-as-its-first',
    statement: 'paged/total',
    breaks: 'consultas/list/no-duplicates',
    also: ['consultas/list/no-gaps', 'consultas/get/equals-list-entry', 'consultas/ref/title-combines'],
    // Keyed by content: the list shows the first of a pair in the place of the second (its links too).
    fault: alikePairs((entries, [earlier, later]) => void entries.splice(later, 1, entries[earlier]!)),
  },
  {
    name: 'alike-twin-dropped',
    statement: 'paged/total',
    breaks: 'consultas/list/no-gaps',
    also: ['consultas/list/total-consistent', 'consultas/list/entries-within-per-pagina', 'consultas/get/equals-list-entry', 'consultas/ref/title-combines'],
    // Deduplicated by content: the second of a pair is left out of the full form, Total as it was.
    fault: alikePairs(
      (entries, [, later]) => void entries.splice(later, 1),
      (req) => formAsked(req) !== 'ref',
    ),
  },
  {
    name: 'alike-twin-dropped-when-filtered',
    statement: 'endpoints/consultas-list/externalid',
    breaks: 'model/inquiry-selection',
    also: ['consultas/list/filter-externalid', 'model/command-sequences', 'scoping/filters-within-app'],
    // A filtered list (by publication) deduplicated by content: one of the pair is missing, Total counts both.
    fault: alikePairs(
      (entries, [, later]) => void entries.splice(later, 1),
      (req) => req.query.has('externalid'),
    ),
  },
];

export const onlyOf = (mutant: Mutant): string => (mutant.name === CONFORMING ? ALIKE_RULES.join(',') : [mutant.breaks, ...(mutant.also ?? [])].join(','));
