import { describe, expect, it } from 'vitest';
import { ENDPOINTS, hasRefForm, representationModel, type Representation, type RepresentationName } from '../../models/index.ts';
import { MODES } from './support/cases.ts';
import { CONSULTA, CONSULTA_PAGE, CONSULTA_REF_PAGE, REF_LINK } from './support/fixtures.ts';

// Every representation a success response names, in each form it has. Other resources: "Reference forms
// exist for agencies, cities, colors, makes and inquiries"; AgenciaProductos has a "full form only".

// AppWebhooks is a "list of topics" whose fields are not shown: an object or an array.
type Kind = 'object' | 'object-or-array' | 'list' | 'page' | 'consulta';

/** Typed over RepresentationName, so a representation added to models/ without a line here fails tsc. */
const EXPECTED = {
  EntryPoints: { kind: 'object', ref: false },
  Agencias: { kind: 'list', ref: true },
  Agencia: { kind: 'object', ref: true },
  AgenciaProductos: { kind: 'object', ref: false },
  InvitationState: { kind: 'object', ref: false },
  AppWebhooks: { kind: 'object-or-array', ref: false },
  AppWebhook: { kind: 'object', ref: false },
  Carrocerias: { kind: 'list', ref: false },
  Carroceria: { kind: 'object', ref: false },
  Ciudades: { kind: 'list', ref: true },
  Ciudad: { kind: 'object', ref: true },
  Colores: { kind: 'list', ref: true },
  Color: { kind: 'object', ref: true },
  Marcas: { kind: 'list', ref: true },
  Marca: { kind: 'object', ref: true },
  ConsultaPage: { kind: 'page', ref: true },
  Consulta: { kind: 'consulta', ref: true },
} as const satisfies Record<RepresentationName, { kind: Kind; ref: boolean }>;

const NAMES = Object.keys(EXPECTED) as RepresentationName[];

/** Samples per kind and form: what a body of that form must and must not be. */
const SAMPLES: Record<Kind, Record<Representation, { good: unknown[]; bad: unknown[] }>> = {
  object: {
    full: { good: [{}, { Id: 7, Nombre: 'x' }], bad: [null, [], 'x', 7] },
    // A single resource's reference form is not shown (only list entries and Consulta are): any object.
    ref: { good: [REF_LINK, { href: REF_LINK.href }, { ...REF_LINK, Id: 7 }, {}], bad: [[REF_LINK], null, 'x'] },
  },
  'object-or-array': {
    full: { good: [{}, { Id: 7 }, [], [{ Topic: 'x' }]], bad: [null, 'x', 7] },
    ref: { good: [], bad: [] },
  },
  list: {
    full: { good: [[], [{ Id: 7 }], { _entries: [{ Id: 7 }] }], bad: [null, {}, 'x', [7]] },
    ref: { good: [[], [REF_LINK], { _entries: [REF_LINK] }], bad: [[{ Id: 7 }], [{ ...REF_LINK, Id: 7 }], REF_LINK, null] },
  },
  page: {
    full: { good: [CONSULTA_PAGE], bad: [CONSULTA_REF_PAGE, [CONSULTA], null] },
    ref: { good: [CONSULTA_REF_PAGE], bad: [CONSULTA_PAGE, [REF_LINK], null] },
  },
  consulta: {
    full: { good: [CONSULTA], bad: [REF_LINK, CONSULTA_PAGE, null] },
    ref: { good: [REF_LINK], bad: [CONSULTA, { href: REF_LINK.href }, null] },
  },
};

const ROWS = NAMES.flatMap((name) =>
  (EXPECTED[name].ref ? (['full', 'ref'] as const) : (['full'] as const)).flatMap((form) =>
    MODES.map((mode) => [`${name} ${form} (${mode})`, { name, form, mode }] as const),
  ),
);

describe('representationModel', () => {
  it.each(ROWS)('%s parses well-formed bodies and rejects malformed ones', (_, { name, form, mode }) => {
    const model = representationModel(name, form, mode);
    expect(model).toBeDefined();
    const { good, bad } = SAMPLES[EXPECTED[name].kind][form];
    expect(good.map((s) => model!.safeParse(s).success)).toEqual(good.map(() => true));
    expect(bad.map((s) => model!.safeParse(s).success)).toEqual(bad.map(() => false));
  });

  it.each(NAMES)('%s has a reference form exactly where the spec gives one', (name) => {
    expect(hasRefForm(name)).toBe(EXPECTED[name].ref);
    expect(representationModel(name, 'ref') !== undefined).toBe(EXPECTED[name].ref);
  });

  it('defaults to loose', () => {
    const withExtra = { ...CONSULTA, Extra: 1 };
    expect(representationModel('Consulta', 'full')!.safeParse(withExtra).success).toBe(true);
    expect(representationModel('Consulta', 'full', 'strict')!.safeParse(withExtra).success).toBe(false);
  });

  it('covers every representation the catalog names', () => {
    const named = new Set(ENDPOINTS.flatMap((e) => (e.success.representation ? [e.success.representation] : [])));
    expect([...named].filter((n) => !(n in EXPECTED))).toEqual([]);
  });

  // Offering application/vnd.service.ref+json needs a reference form to check the body against.
  it.each(ENDPOINTS.filter((e) => e.success.mediaTypes?.includes('ref')).map((e) => [e.id, e.success.representation] as const))(
    '%s offers ref, and %s has a reference form',
    (_, representation) => {
      expect(representation && hasRefForm(representation)).toBe(true);
    },
  );
});
