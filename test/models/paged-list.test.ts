import { describe, expect, it } from 'vitest';
import { consultaPage, consultaRefPage, type Strictness } from '../../models/index.ts';
import { MODES, describeModel, type Layout } from './support/cases.ts';
import { CATALOGO_CONSULTA, CONSULTA_PAGE, CONSULTA_REF_PAGE, REF_LINK, setAt } from './support/fixtures.ts';
import { consultaLayout } from './support/spec-tables.ts';

// Resources and their fields > Paged list envelope (inquiry list), full and reference forms.

const envelope: Layout = [
  ['', 'PagedList'],
  ['_links.self', 'Link'],
];

describeModel({ name: 'consultaPage', schema: consultaPage, fixture: CONSULTA_PAGE, layout: [...envelope, ...consultaLayout('_entries.0')] });
describeModel({ name: 'consultaRefPage', schema: consultaRefPage, fixture: CONSULTA_REF_PAGE, layout: [...envelope, ['_entries.0', 'RefLink']] });

describe.each(MODES)('paged list specifics (%s)', (mode: Strictness) => {
  const full = consultaPage(mode);
  const ref = consultaRefPage(mode);

  it.each([
    ['no entries (an empty last page)', setAt(CONSULTA_PAGE, '', '_entries', []), true],
    ['a catalogo entry', setAt(CONSULTA_PAGE, '', '_entries', [CATALOGO_CONSULTA]), true],
    ['a catalogo entry with an external id', setAt(CONSULTA_PAGE, '', '_entries', [setAt(CATALOGO_CONSULTA, 'Auto', 'ExternalId', 'X')]), false],
    ['Total 0', setAt(CONSULTA_PAGE, '', 'Total', 0), true],
    ['Pagina 99', setAt(CONSULTA_PAGE, '', 'Pagina', 99), true],
    ['PerPagina other than the observed 100', setAt(CONSULTA_PAGE, '', 'PerPagina', 25), true],
    ['Desde in UTC', setAt(CONSULTA_PAGE, '', 'Desde', '2026-03-01T00:00:00Z'), true],
    ['Hasta without offset', setAt(CONSULTA_PAGE, '', 'Hasta', '2026-03-14T23:59:59'), false],
    ['a ref entry in the full form', setAt(CONSULTA_PAGE, '', '_entries', [REF_LINK]), false],
  ] as const)('full form, %s → accepted %s', (_, sample, accepted) => {
    expect(full.safeParse(sample).success).toBe(accepted);
  });

  it.each([
    ['no entries', setAt(CONSULTA_REF_PAGE, '', '_entries', []), true],
    ['a full Consulta entry', CONSULTA_PAGE, false],
    ['an entry without title', setAt(CONSULTA_REF_PAGE, '', '_entries', [{ href: REF_LINK.href }]), false],
    ['a templated entry', setAt(CONSULTA_REF_PAGE, '', '_entries', [{ href: '/v3/consultas/{adminMail}', title: 't', templated: true }]), true],
  ] as const)('reference form, %s → accepted %s', (_, sample, accepted) => {
    expect(ref.safeParse(sample).success).toBe(accepted);
  });
});
