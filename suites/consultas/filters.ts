import { check, type Check } from '../harness/check.ts';
import { emailParts } from '../harness/email-parts.ts';
import { asListed, missingFrom } from '../harness/consulta-match.ts';
import { pageOf, type PageWalker } from '../harness/pages.ts';
import type { ListWalks } from './list.ts';

// Endpoints > Consultas: externalid "external id of a publication"; operador "only inquiries visible to that
// collaborator". Both values come from the fixture agency's own list (discovery), so they name something in it;
// values this run invents, or a strict part of a known external id, name nothing and must list nothing.

const externalIdOf = (entry: unknown) => (entry as { Auto?: { ExternalId?: unknown } } | null)?.Auto?.ExternalId;
const operadorOf = (entry: unknown) => (entry as { OperadorResponsable?: unknown } | null)?.OperadorResponsable;

/** A filter value that names nothing of the agency: Total 0 and no entries, or 400 (the row lists it; recorded). */
async function expectNoInquiry(c: Check, query: Record<string, string>, why: string): Promise<void> {
  const res = await c.send('consultas-list', { params: { adminMail: c.ctx.fixtures.agency }, query, form: 'json' });
  const asked = new URLSearchParams(query).toString();
  if (res.status === 400) {
    c.observe(`${asked} (${why}): 400`);
    return;
  }
  c.expectStatus(res, [200, 400], `${asked}: ${why}`);
  const page = res.json as { Total?: unknown; _entries?: unknown } | undefined;
  const entries = Array.isArray(page?._entries) ? page._entries.length : undefined;
  c.expect(
    page?.Total === 0 && entries === 0,
    `Total 0 and no entries for ${asked} (${why}); got Total ${JSON.stringify(page?.Total)} and ${entries ?? 'no'} entries`,
    res,
  );
}

export function registerFilterChecks(walks: ListWalks, walker: PageWalker): void {
  check('consultas/list/filter-externalid', async (c: Check) => {
    const externalId = c.needs('externalId');
    const full = await walks.full(c);
    const filtered = await walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json', query: { externalid: externalId } }, { judged: true });
    const top = filtered.pages[0]!;
    filtered.entries.forEach((entry, i) => {
      const got = externalIdOf(entry);
      c.expect(got === externalId, `only inquiries with Auto.ExternalId ${JSON.stringify(externalId)}, got ${JSON.stringify(got)}`, pageOf(filtered, i).res);
    });
    c.expect(filtered.total <= full.total, `Total at most the unfiltered ${full.total}, got ${filtered.total}`, top.res);
    await expectNoInquiry(c, { externalid: `nada-${c.ctx.runId}` }, 'an external id this run invented');
    // A strict prefix of the id is no publication's id (none of the list has it): a prefix match lists inquiries.
    const known = new Set(full.entries.map(externalIdOf));
    const prefix = [...externalId].slice(0, -1).join('');
    if (prefix !== '' && !known.has(prefix)) await expectNoInquiry(c, { externalid: prefix }, `a strict prefix of the external id ${externalId}`);
    if (!full.complete || !filtered.complete) return;
    // A filter keeps every inquiry of that publication the unfiltered list has (discovery found it there).
    const expected = full.entries.filter((e) => externalIdOf(e) === externalId);
    const missing = missingFrom(expected, filtered.entries).length;
    c.expect(
      missing === 0 && filtered.total === expected.length,
      `the ${expected.length} inquiries of publication ${externalId} in the unfiltered list; got Total ${filtered.total}, ${missing} missing`,
      top.res,
    );
  });

  check('consultas/list/filter-operador', async (c: Check) => {
    const operador = c.needs('operador');
    const full = await walks.full(c);
    const filtered = await walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json', query: { operador } }, { judged: true });
    const top = filtered.pages[0]!;
    c.expect(filtered.total <= full.total, `Total at most the unfiltered ${full.total}, got ${filtered.total}`, top.res);
    // An address this run invents is no collaborator of the agency: it sees no inquiry.
    await expectNoInquiry(c, { operador: `nadie-${c.ctx.runId}@${c.ctx.profile.invitationDomain}`.toLowerCase() }, 'an e-mail that is no collaborator');
    if (!full.complete) return;
    const unfiltered = new Set(asListed(full.entries));
    asListed(filtered.entries).forEach((key, i) => {
      c.expect(unfiltered.has(key), `only inquiries of the unfiltered list (entry ${i} is not in it)`, pageOf(filtered, i).res);
    });
    c.observe(`operador ${operador}: ${filtered.total} of ${full.total} inquiries`);
    if (!filtered.complete) return;
    // The operator responsible for an inquiry ("agency operator responsible for the inquiry") sees it.
    const own = full.entries.filter((e) => typeof operadorOf(e) === 'string' && (operadorOf(e) as string).toLowerCase() === operador.toLowerCase());
    const missing = missingFrom(own, filtered.entries).length;
    c.expect(missing === 0, `the ${own.length} inquiries whose OperadorResponsable is ${operador}; ${missing} missing`, top.res);
  });

  check('consultas/list/filter-operador-whole-email', async (c: Check) => {
    const operador = c.needs('operador');
    const full = await walks.full(c);
    // Parts no inquiry names as its operator: addresses of no collaborator the list shows.
    const named = full.entries.map(operadorOf).filter((o): o is string => typeof o === 'string');
    const parts = emailParts(operador, named, c.ctx.today);
    if (parts.length === 0) c.skip(`no strict part of the operator e-mail ${operador} is an e-mail no inquiry names`);
    for (const part of parts) await expectNoInquiry(c, { operador: part }, `a strict part of the operator e-mail ${operador}, another address`);
  });
}
