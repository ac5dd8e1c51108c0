import { check, type Check } from '../harness/check.ts';
import { contentKey } from '../harness/consulta-match.ts';
import { pageOf, type PageWalker } from '../harness/pages.ts';
import type { ListWalks } from './list.ts';

// Endpoints > Consultas: externalid "external id of a publication"; operador "only inquiries visible to that
// collaborator". Both values come from the fixture agency's own list (discovery), so they name something in it.

export function registerFilterChecks(walks: ListWalks, walker: PageWalker): void {
  check('consultas/list/filter-externalid', async (c: Check) => {
    const externalId = c.needs('externalId');
    const full = await walks.full(c);
    const filtered = await walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json', query: { externalid: externalId } });
    const top = filtered.pages[0]!;
    filtered.entries.forEach((entry, i) => {
      const got = (entry as { Auto?: { ExternalId?: unknown } } | null)?.Auto?.ExternalId;
      c.expect(got === externalId, `only inquiries with Auto.ExternalId ${JSON.stringify(externalId)}, got ${JSON.stringify(got)}`, pageOf(filtered, i).res);
    });
    c.expect(filtered.total <= full.total, `Total at most the unfiltered ${full.total}, got ${filtered.total}`, top.res);
    if (!full.complete || !filtered.complete) return;
    // A filter keeps every inquiry of that publication the unfiltered list has (discovery found it there).
    const expected = full.entries.filter((e) => (e as { Auto?: { ExternalId?: unknown } } | null)?.Auto?.ExternalId === externalId);
    const got = new Set(filtered.entries.map(contentKey));
    const missing = expected.filter((e) => !got.has(contentKey(e))).length;
    c.expect(missing === 0 && filtered.total === expected.length, `the ${expected.length} inquiries of publication ${externalId} in the unfiltered list; got Total ${filtered.total}, ${missing} missing`, top.res);
  });

  check('consultas/list/filter-operador', async (c: Check) => {
    const operador = c.needs('operador');
    const full = await walks.full(c);
    const filtered = await walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json', query: { operador } });
    const top = filtered.pages[0]!;
    c.expect(filtered.total <= full.total, `Total at most the unfiltered ${full.total}, got ${filtered.total}`, top.res);
    if (!full.complete) return;
    const unfiltered = new Set(full.entries.map(contentKey));
    filtered.entries.forEach((entry, i) => {
      c.expect(unfiltered.has(contentKey(entry)), `only inquiries of the unfiltered list (entry ${i} is not in it)`, pageOf(filtered, i).res);
    });
    c.observe(`operador ${operador}: ${filtered.total} of ${full.total} inquiries`);
  });
}
