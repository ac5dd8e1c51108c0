import { consulta, firstDifference, refLink, refTitleParts, unknownMembers, type Consulta } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { check, type Check } from '../harness/check.ts';
import { pairByHref, toldApart, type RefEntry } from '../harness/consulta-match.ts';
import { LINKS_ANYWHERE } from '../harness/json-walk.ts';
import { pageOf } from '../harness/pages.ts';
import { sampleIndices } from '../harness/sample.ts';
import type { ListWalks } from './list.ts';

// Resources and their fields > Consulta: members, types and nullability; "in the reference form, a Consulta
// is represented by a link object whose title combines the buyer e-mail, vehicle make and model, and the
// external identifier". Endpoints > Consultas: GET by sid reads one inquiry.

/** GET by sid compares this many inquiries of the list (plus the fixture's). */
const SAMPLE = 20;

const LOOSE = consulta('loose');
const STRICT = consulta('strict');
const REF = refLink();

const isCatalogoIssue = (i: { code: string; path: PropertyKey[] }) => i.code === 'custom' && i.path.join('.') === 'Auto.ExternalId';

/** GET by sid of an inquiry the reference-form list names: the answer judged (`judged`), or a precondition. */
async function getBySid(c: Check, sid: string, judged: boolean) {
  const res = await c.send('consultas-get', { params: { adminMail: c.ctx.fixtures.agency, sid }, form: 'json' });
  const what = `GET of inquiry ${sid}, named by the reference-form list`;
  if (judged) c.expectStatus(res, 200, what);
  else c.givenStatus(res, 200, what);
  return res;
}

export function registerEntryChecks(walks: ListWalks): void {
  check('consultas/consulta-schema', async (c) => {
    const full = await walks.full(c);
    const unknown = new Set<string>();
    full.entries.forEach((entry, i) => {
      const parsed = LOOSE.safeParse(entry);
      // The catalogo rule on Auto.ExternalId is consultas/catalogo-external-id-empty's to report.
      const issues = parsed.success ? [] : parsed.error.issues.filter((x) => !isCatalogoIssue(x));
      const first = issues[0];
      c.judged();
      if (first) c.fail(`entry ${i} a Consulta, but ${first.path.join('.') || '(entry)'}: ${first.message}`, pageOf(full, i).res);
      for (const p of unknownMembers(STRICT, entry)) unknown.add(p);
    });
    if (unknown.size > 0) c.observe(`members not in the Consulta tables: ${[...unknown].join(', ')}`);
  });

  check('consultas/catalogo-external-id-empty', async (c) => {
    const full = await walks.full(c);
    let catalogo = 0;
    full.entries.forEach((entry, i) => {
      const e = entry as { TipoAnuncio?: unknown; Auto?: { ExternalId?: unknown } } | null;
      if (e?.TipoAnuncio !== 'catalogo') return;
      catalogo += 1;
      c.expect(e.Auto?.ExternalId === '', `entry ${i} (catalogo) with Auto.ExternalId "", got ${JSON.stringify(e.Auto?.ExternalId)}`, pageOf(full, i).res);
    });
    if (catalogo === 0) c.skip("no catalogo inquiry in the fixture agency's list");
  });

  check('consultas/get/equals-list-entry', async (c) => {
    const [full, ref] = [await walks.full(c), await walks.ref(c)];
    const pairs = pairByHref(full, ref);
    if (pairs.length === 0) c.skip("the fixture agency's list has no inquiry");
    const sample = sampleIndices(pairs.length, SAMPLE, c.ctx.seed).map((i) => pairs[i]!);
    const fixture = pairs.find((p) => p.sid === c.ctx.fixtures.inquirySid);
    if (fixture && !sample.includes(fixture)) sample.push(fixture);
    for (const pair of sample) {
      // The list entry linking to the same href; else the full-form entry at the same position.
      const listed = pair.byHref ?? full.entries[pair.index];
      const res = await getBySid(c, pair.sid, true);
      const diff = firstDifference(res.json, listed, LINKS_ANYWHERE);
      const how = pair.byHref !== undefined ? 'linking to the same href' : `at position ${pair.index}`;
      c.expect(diff === undefined, `the Consulta of the list entry ${how}; first difference at ${diff}`, res);
    }
  });

  check('consultas/ref/entries-link-only', async (c) => {
    const ref = await walks.ref(c);
    ref.entries.forEach((entry, i) => {
      const parsed = REF.safeParse(entry);
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      c.judged();
      if (issue) c.fail(`entry ${i} a link object with href and title only, but ${issue.path.join('.') || '(entry)'}: ${issue.message}`, pageOf(ref, i).res);
    });
  });

  check('consultas/ref/title-combines', async (c) => {
    const [full, ref] = [await walks.full(c), await walks.ref(c)];
    const pairs = pairByHref(full, ref);
    if (pairs.length === 0) c.skip("the fixture agency's list has no inquiry");
    // Entries the full form does not link to are read by sid instead (never matched by position alone).
    const unlinked = pairs.filter((p) => p.byHref === undefined);
    const fetched = new Set(sampleIndices(unlinked.length, SAMPLE, c.ctx.seed).map((i) => unlinked[i]!));
    const untold = { count: 0 };
    if (unlinked.length > fetched.size)
      c.observe(`full-form entries do not link to the reference hrefs: ${fetched.size} of ${unlinked.length} titles checked through GET by sid`);
    for (const pair of pairs) {
      if (pair.byHref === undefined && !fetched.has(pair)) continue;
      const source = pair.byHref ?? (await getBySid(c, pair.sid, false)).json;
      expectTitle(c, pair, source, pageOf(ref, pair.index).res, untold);
    }
    if (untold.count > 0) c.observe(`${untold.count} titles not judged: their parts could not be told apart (each part held in another, or empty)`);
  });
}

function expectTitle(c: Check, pair: RefEntry, source: unknown, res: TargetResponse, untold: { count: number }): void {
  const parsed = LOOSE.safeParse(source);
  // A Consulta that does not parse is consultas/consulta-schema's to report; its title cannot be judged.
  if (!parsed.success) return;
  const parts = toldApart(refTitleParts(parsed.data as Consulta));
  if (parts.length < 2) {
    untold.count += 1;
    return;
  }
  c.expect(typeof pair.title === 'string', `entry ${pair.index} with a string title`, res);
  // "combines": each part appears in the title; letter case is the server's to choose.
  const title = (pair.title as string).toLowerCase();
  const missing = parts.filter((p) => !title.includes(p.toLowerCase()));
  c.expect(
    missing.length === 0,
    `entry ${pair.index}'s title ${JSON.stringify(pair.title)} to contain ${missing.map((m) => JSON.stringify(m)).join(', ')}`,
    res,
  );
}
