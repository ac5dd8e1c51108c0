import { consultaPage, consultaRefPage, LIMITS, unknownMembers } from '../../models/index.ts';
import { check, type Check } from '../harness/check.ts';
import { identities, inquiryKeys, linkHrefs, refHrefs } from '../harness/consulta-match.ts';
import { pageOf, type PageWalk, type PageWalker, type WalkOptions } from '../harness/pages.ts';

// Resources and their fields > Paged list envelope, walked over every page of the fixture agency's list in
// the full form (application/json) and the reference form.

export interface ListWalks {
  full(c: Check, options?: WalkOptions): Promise<PageWalk>;
  ref(c: Check, options?: WalkOptions): Promise<PageWalk>;
}

export function listWalks(walker: PageWalker): ListWalks {
  return {
    full: (c, o) => walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json' }, o),
    ref: (c, o) => walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'ref' }, o),
  };
}

const PAGE = consultaPage('loose');
const STRICT_PAGE = consultaPage('strict');
const REF_PAGE = consultaRefPage('loose');

/** Member paths with list positions folded (`_entries.*.Auto.X`), so one unknown member is named once. */
const folded = (paths: string[]) => [...new Set(paths.map((p) => p.replace(/\.\d+(?=\.|$)/g, '.*')))];

export function registerListChecks(walks: ListWalks): void {
  check('consultas/list/envelope-schema', async (c) => {
    const [full, ref] = [await walks.full(c, { anyEnvelope: true }), await walks.ref(c, { anyEnvelope: true })];
    const unknown = new Set<string>();
    for (const page of full.pages) {
      c.expectModel(page.res, PAGE, 'a paged envelope of Consulta entries');
      for (const p of folded(unknownMembers(STRICT_PAGE, page.envelope))) unknown.add(p);
    }
    for (const page of ref.pages) c.expectModel(page.res, REF_PAGE, 'a paged envelope of link objects');
    if (unknown.size > 0) c.observe(`members not in the spec's tables: ${[...unknown].join(', ')}`);
  });

  check('consultas/list/pagina-echoed', async (c) => {
    for (const walk of [await walks.full(c), await walks.ref(c)]) {
      for (const page of walk.pages) {
        const expected = page.requested ?? LIMITS.pagina.first;
        c.expect(page.envelope.Pagina === expected, `Pagina ${expected}, got ${JSON.stringify(page.envelope.Pagina)}`, page.res);
      }
    }
    // The first page asked for by number, not only by default.
    const res = await c.send('consultas-list', { params: { adminMail: c.ctx.fixtures.agency }, query: { pagina: LIMITS.pagina.first }, form: 'json' });
    c.expectStatus(res, 200);
    c.expect((res.json as { Pagina?: unknown } | undefined)?.Pagina === LIMITS.pagina.first, `Pagina ${LIMITS.pagina.first}`, res);
    // A page past the last one, asked for by number: where it is answered 200 (the spec leaves that open),
    // it is that page ("current page number"), not the first again.
    const beyond = Math.min((await walks.full(c)).pages.length + 1, LIMITS.pagina.maximum);
    const past = await c.send('consultas-list', { params: { adminMail: c.ctx.fixtures.agency }, query: { pagina: beyond }, form: 'json' });
    if (past.status === 200) c.expect((past.json as { Pagina?: unknown } | undefined)?.Pagina === beyond, `Pagina ${beyond}, the page asked for`, past);
  });

  check('consultas/list/pagina-starts-at-1', async (c) => {
    // Below the first page: a 400 refuses it; an answer is a page, and page numbers start at 1 (which one is open).
    for (const pagina of [LIMITS.pagina.first - 1, LIMITS.pagina.first - 2]) {
      const res = await c.send('consultas-list', { params: { adminMail: c.ctx.fixtures.agency }, query: { pagina }, form: 'json' });
      c.expectStatus(res, [200, 400], `pagina=${pagina}: refused, or answered as a page`);
      if (res.status !== 200) continue;
      const got = (res.json as { Pagina?: unknown } | undefined)?.Pagina;
      c.expect(
        typeof got === 'number' && got >= LIMITS.pagina.first,
        `pagina=${pagina} answered with Pagina ${LIMITS.pagina.first} or more, got ${JSON.stringify(got)}`,
        res,
      );
    }
  });

  check('consultas/list/total-consistent', async (c) => {
    const [full, ref] = [await walks.full(c), await walks.ref(c)];
    for (const walk of [full, ref]) {
      for (const page of walk.pages) c.expect(page.envelope.Total === walk.total, `Total ${walk.total} on every page, as on page 1`, page.res);
      if (walk.complete) {
        const last = walk.pages.at(-1)!;
        c.expect(walk.entries.length === walk.total, `${walk.total} entries over all pages (Total), found ${walk.entries.length}`, last.res);
      }
    }
    c.expect(ref.total === full.total, `the same Total in both forms (full ${full.total})`, ref.pages[0]!.res);
  });

  check('consultas/list/entries-within-per-pagina', async (c) => {
    for (const walk of [await walks.full(c), await walks.ref(c)]) {
      walk.pages.forEach((page, i) => {
        const perPagina = page.envelope.PerPagina as number;
        c.expect(page.entries.length <= perPagina, `at most PerPagina (${perPagina}) entries, got ${page.entries.length}`, page.res);
        if (i < walk.pages.length - 1)
          c.expect(page.entries.length === perPagina, `a full page (${perPagina} entries) before the last, got ${page.entries.length}`, page.res);
      });
    }
  });

  check(`consultas/list/per-pagina-${LIMITS.perPagina.observed}`, async (c) => {
    const size = c.ctx.profile.inquiryPageSize;
    for (const walk of [await walks.full(c), await walks.ref(c)]) {
      for (const page of walk.pages) c.expect(page.envelope.PerPagina === size, `PerPagina ${size} (profile inquiryPageSize)`, page.res);
    }
  });

  check('consultas/list/no-duplicates', async (c) => {
    const [full, ref] = [await walks.full(c), await walks.ref(c)];
    // An inquiry twice is its identity twice (its self link, or a link to its reference-form href): two entries
    // alike in content may be two inquiries, so an entry that shows no identity is judged in the reference form only.
    const ids = identities(full.entries, new Set(refHrefs(ref).filter((h): h is string => h !== undefined)));
    expectUnique(c, full, ids, 'identity');
    if (ids.includes(undefined))
      c.observe(
        `${ids.filter((id) => id === undefined).length} full-form entries show no identity (no self link, no link to a reference-form href): judged in the reference form only`,
      );
    expectUnique(c, ref, refHrefs(ref), 'href');
  });

  check('consultas/list/no-gaps', async (c) => {
    const [full, ref] = [await walks.full(c), await walks.ref(c)];
    if (!full.complete) c.skip(`Total ${full.total} needs more than ${LIMITS.pagina.maximum} pages: the walk cannot reach every inquiry`);
    const hrefs = refHrefs(ref).filter((h): h is string => h !== undefined);
    const distinctRef = new Set(hrefs);
    const ids = identities(full.entries, distinctRef);
    // Distinct by identity; alike entries that show none count one each (inquiryKeys), never as one inquiry.
    const distinctFull = new Set(inquiryKeys(full.entries, (_, i) => ids[i])).size;
    c.expect(distinctFull === full.total, `${full.total} distinct inquiries over all pages (Total), found ${distinctFull}`, full.pages.at(-1)!.res);
    c.expect(
      distinctRef.size === ref.total,
      `${ref.total} distinct hrefs over all reference-form pages (Total), found ${distinctRef.size}`,
      ref.pages.at(-1)!.res,
    );
    // Where the full form links to the same URIs as the reference form, both walks must name the same inquiries.
    const fullHrefs = new Set(full.entries.flatMap(linkHrefs));
    if (hrefs.some((h) => fullHrefs.has(h))) {
      const missing = hrefs.filter((h) => !fullHrefs.has(h));
      c.expect(
        missing.length === 0,
        `every reference-form inquiry in the full-form walk too; missing ${missing.slice(0, 3).join(', ')}`,
        ref.pages.at(-1)!.res,
      );
      const extra = full.entries.findIndex((e) => !linkHrefs(e).some((h) => distinctRef.has(h)));
      c.expect(extra < 0, `every full-form inquiry in the reference-form walk too; entry ${extra} links to none`, pageOf(full, extra).res);
    } else {
      c.observe('full-form entries carry no link to the reference-form hrefs: the two walks were compared by count only');
    }
  });
}

/** Each entry after the first is one instance: it could have repeated one before it (a lone entry cannot). */
function expectUnique(c: Check, walk: PageWalk, keys: (string | undefined)[], by: string): void {
  const seen = new Map<string, number>();
  keys.forEach((key, i) => {
    if (key === undefined) return;
    const before = seen.get(key);
    if (seen.size > 0) c.expect(before === undefined, `no inquiry twice (by ${by}): entries ${before} and ${i} of the walk are the same`, pageOf(walk, i).res);
    seen.set(key, i);
  });
}
