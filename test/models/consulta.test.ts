import { describe, expect, it } from 'vitest';
import {
  OBSERVED,
  auto,
  consulta,
  consultaInput,
  entregaVehiculo,
  financiacionDeseada,
  infoOperacion,
  interesado,
  money,
  refTitleParts,
  type Consulta,
  type Strictness,
} from '../../models/index.ts';
import { MODES, describeModel, subLayout } from './support/cases.ts';
import { CATALOGO_CONSULTA, CONSULTA, CONSULTA_INPUT, getAt, setAt } from './support/fixtures.ts';
import { consultaLayout } from './support/spec-tables.ts';

// Resources and their fields > Consulta, Auto, Interesado, InfoOperacion and the money object.

const layout = consultaLayout('');
const part = (root: string) => ({ fixture: getAt(CONSULTA, root), layout: subLayout(layout, root) });

describeModel({ name: 'money', schema: money, ...part('Auto.Precio') });
describeModel({ name: 'auto', schema: auto, ...part('Auto') });
describeModel({ name: 'entregaVehiculo', schema: entregaVehiculo, ...part('Interesado.InfoOperacion.EntregaVehiculo') });
describeModel({ name: 'financiacionDeseada', schema: financiacionDeseada, ...part('Interesado.InfoOperacion.FinanciacionDeseada') });
describeModel({ name: 'infoOperacion', schema: infoOperacion, ...part('Interesado.InfoOperacion') });
describeModel({ name: 'interesado', schema: interesado, ...part('Interesado') });
describeModel({ name: 'consulta (publicacion)', schema: consulta, fixture: CONSULTA, layout });
// The catalogo variant runs the mutations of the two tables the cross-field refinement reads (TipoAnuncio,
// Auto.ExternalId), so it never meets a malformed object it cannot cope with (a missing Auto must be a
// rejection, not a TypeError).
describeModel({
  name: 'consulta (catalogo)',
  schema: consulta,
  fixture: CATALOGO_CONSULTA,
  layout: layout.filter(([path]) => path === '' || path === 'Auto'),
});
describeModel({ name: 'consultaInput', schema: consultaInput, fixture: CONSULTA_INPUT, layout: consultaLayout('', false) });

/** Samples beyond the per-member mutations: cross-field rules and the open enumerations. */
const SPECIFIC: Array<{ label: string; sample: unknown; accepted: boolean }> = [
  // Auto.ExternalId: "empty string for catalog-type inquiries" — a string, so never null, and never a real id.
  { label: 'catalogo with ExternalId ""', sample: CATALOGO_CONSULTA, accepted: true },
  { label: 'catalogo with ExternalId "X"', sample: setAt(CATALOGO_CONSULTA, 'Auto', 'ExternalId', 'X'), accepted: false },
  { label: 'catalogo with ExternalId null', sample: setAt(CATALOGO_CONSULTA, 'Auto', 'ExternalId', null), accepted: false },
  { label: 'catalogo with ExternalId " "', sample: setAt(CATALOGO_CONSULTA, 'Auto', 'ExternalId', ' '), accepted: false },
  // The spec says nothing of a publicacion with an empty id, so it is not refused.
  { label: 'publicacion with ExternalId ""', sample: setAt(CONSULTA, 'Auto', 'ExternalId', ''), accepted: true },
  // "observed values" lists are incomplete (Other resources), so unseen values are accepted.
  ...(
    [
      ['', 'OrigenLead', 'whatsapp'],
      ['', 'TipoAnuncio', 'concesionario'],
      ['Auto', 'Estado', '0km'],
      ['Interesado', 'Interes', 'permuta'],
    ] as const
  ).map(([path, member, value]) => ({
    label: `unobserved ${member} ${value}`,
    sample: setAt(CONSULTA, path, member, value),
    accepted: true,
  })),
  ...Object.entries({ Auto: OBSERVED.Estado, Interesado: OBSERVED.Interes }).flatMap(([path, values]) =>
    values.map((v) => ({ label: `observed ${path} value ${v}`, sample: setAt(CONSULTA, path, path === 'Auto' ? 'Estado' : 'Interes', v), accepted: true })),
  ),
  { label: 'Momento in UTC (Z)', sample: setAt(CONSULTA, '', 'Momento', '2026-03-14T12:26:53Z'), accepted: true },
  { label: 'Momento with +05:30', sample: setAt(CONSULTA, '', 'Momento', '2026-03-14T17:56:53+05:30'), accepted: true },
  { label: 'Momento without offset', sample: setAt(CONSULTA, '', 'Momento', '2026-03-14T09:26:53.589'), accepted: false },
  { label: 'Auto.Kilometraje 0', sample: setAt(CONSULTA, 'Auto', 'Kilometraje', 0), accepted: true },
  { label: 'Auto.Precio.Importe integral', sample: setAt(CONSULTA, 'Auto.Precio', 'Importe', 28500000), accepted: true },
  { label: 'empty _links', sample: setAt(CONSULTA, '', '_links', {}), accepted: true },
  {
    label: 'templated link with templated: true',
    sample: setAt(CONSULTA, '_links', 'agencia', { href: '/v3/agencias/{adminMail}', templated: true }),
    accepted: true,
  },
  {
    label: 'link with {param} but no templated',
    sample: setAt(CONSULTA, '_links', 'agencia', { href: '/v3/agencias/{adminMail}' }),
    accepted: false,
  },
];

describe.each(MODES)('consulta specifics (%s)', (mode: Strictness) => {
  it.each(SPECIFIC)('$label', ({ sample, accepted }) => {
    expect(consulta(mode).safeParse(sample).success).toBe(accepted);
  });

  it('reports the catalogo rule on Auto.ExternalId', () => {
    const result = consulta(mode).safeParse(setAt(CATALOGO_CONSULTA, 'Auto', 'ExternalId', 'X'));
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['Auto.ExternalId']);
  });

  it.each([
    ['catalogo', setAt(CONSULTA_INPUT, '', 'TipoAnuncio', 'catalogo'), false],
    ['catalogo with ""', setAt(setAt(CONSULTA_INPUT, '', 'TipoAnuncio', 'catalogo'), 'Auto', 'ExternalId', ''), true],
  ] as const)('consultaInput applies the catalogo rule too: %s', (_, sample, accepted) => {
    expect(consultaInput(mode).safeParse(sample).success).toBe(accepted);
  });
});

describe('observed enumeration values', () => {
  it('are the values the spec lists as observed', () => {
    expect(OBSERVED).toEqual({
      OrigenLead: ['form'],
      TipoAnuncio: ['publicacion', 'catalogo'],
      Estado: ['usado', 'nuevo'],
      Interes: ['compra'],
    });
  });
});

describe('refTitleParts', () => {
  // Reference form: "title combines the buyer e-mail, vehicle make and model, and the external identifier".
  it('takes e-mail, make, model and external id', () => {
    expect(refTitleParts(CONSULTA as Consulta)).toEqual(['lucia.fernandez@example.test', 'Toyota', 'Corolla', 'PUB-000123']);
  });

  it('leaves out the empty external id of a catalogo inquiry', () => {
    expect(refTitleParts(CATALOGO_CONSULTA as Consulta)).toEqual(['lucia.fernandez@example.test', 'Toyota', 'Corolla']);
  });
});
