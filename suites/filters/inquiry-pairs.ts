import type { Check } from '../harness/check.ts';
import { asListed } from '../harness/consulta-match.ts';
import { PageWalker } from '../harness/pages.ts';
import { dayInPeriod } from '../consultas/period.ts';

// Filters combine on the inquiry list (issue 28 §2). Endpoints > Consultas: operador "only inquiries visible to that
// collaborator", externalid "external id of a publication", desde "first day of reception", hasta "last day of
// reception". Each narrows the list by its own condition, so two sent together list what both list alone, their
// intersection, never what either lists: operador with externalid, and each of them with desde and with hasta.
// Values come from discovery (the fixture's operator and external id) and a day of its list (the median Momento's).

type Query = Record<string, string>;

const walker = new PageWalker();

/** The walk of every page of the fixture agency's list with `query`: judged (a filter's answer) or a precondition. */
const walkOf = (c: Check, query: Query, judged: boolean) => walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json', query }, { judged });

/** Two filters together list exactly what both list alone (by identity, else content: consulta-match.ts). */
async function expectBoth(c: Check, a: Query, b: Query, notes: string[]): Promise<void> {
  const sent = new URLSearchParams({ ...a, ...b }).toString();
  const [first, second] = [await walkOf(c, a, false), await walkOf(c, b, false)];
  const both = await walkOf(c, { ...a, ...b }, true);
  if (!first.complete || !second.complete || !both.complete) {
    notes.push(`${sent}: a list longer than the 99 pages pagina reaches`);
    return;
  }
  const inSecond = new Set(asListed(second.entries));
  const expected = asListed(first.entries).filter((k) => inSecond.has(k));
  const got = asListed(both.entries);
  const wanted = new Set(expected);
  const listed = new Set(got);
  const extra = got.filter((k) => !wanted.has(k)).length;
  const missing = expected.filter((k) => !listed.has(k)).length;
  c.expect(
    extra === 0 && missing === 0 && both.total === expected.length,
    `${sent} together listing the ${expected.length} inquiries both list alone (Total ${expected.length}), not ${extra} more and ${missing} fewer (Total ${both.total})`,
    both.pages[0]!.res,
  );
}

/** The inquiry list's pairs; what could not be sent goes to `notes`. */
export async function inquiryPairs(c: Check, notes: string[]): Promise<void> {
  const operador = c.known('operador');
  const externalId = c.known('externalId');
  if (operador === undefined && externalId === undefined) {
    notes.push('consultas: discovery found no operador and no external id');
    return;
  }
  const day = dayInPeriod(c, await walkOf(c, {}, false));
  const filters: Query[] = [...(operador ? [{ operador }] : []), ...(externalId ? [{ externalid: externalId }] : [])];
  if (filters.length === 2) await expectBoth(c, filters[0]!, filters[1]!, notes);
  else notes.push(`consultas: no ${operador ? 'external id' : 'operador'} discovered, operador with externalid not sent`);
  for (const filter of filters) for (const bound of [{ desde: day }, { hasta: day }] as Query[]) await expectBoth(c, filter, bound, notes);
}
