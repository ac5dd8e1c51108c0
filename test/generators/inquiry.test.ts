import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInquiryGenerator, GeneratorOptionError } from '../../generators/inquiry.ts';
import { formatMomento } from '../../generators/momento.ts';
import { consultaInput, parseOffsetDateTime, type ConsultaInput } from '../../models/index.ts';

const strict = consultaInput('strict');
const T0 = Date.UTC(2026, 10, 22, 13, 15);
const OPERATORS = ['ana.gomez@agencia.example.test', 'vendedor2@agencia.example.test', 'Jefe.Ventas@concesionaria-norte.example.test'];

function problems(c: ConsultaInput): string[] {
  const r = strict.safeParse(c);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('inquiry generator', () => {
  it('every inquiry validates against consultaInput(strict), and catalogo ⇒ ExternalId "" (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }),
        fc.integer({ min: -720, max: 840 }),
        fc.option(fc.subarray(OPERATORS, { minLength: 1 }), { nil: undefined }),
        fc.option(fc.array(fc.string({ minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 5 }), { nil: undefined }),
        fc.constantFrom('guess' as const, 'null' as const),
        (seed, start, utcOffsetMinutes, operators, externalIds, unshownTypes) => {
          const g = createInquiryGenerator({ seed, operators, externalIds, utcOffsetMinutes, unshownTypes });
          for (let i = 0; i < 25; i++) {
            const c = g.next(start + i * 37_000);
            expect(problems(c)).toEqual([]);
            if (c.TipoAnuncio === 'catalogo') expect(c.Auto.ExternalId).toBe('');
            else expect(c.Auto.ExternalId).not.toBe('');
            if (externalIds && c.TipoAnuncio === 'publicacion') expect(externalIds).toContain(c.Auto.ExternalId);
            if (operators) expect(operators).toContain(c.OperadorResponsable);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('is deterministic from the seed', () => {
    const run = (seed: number) => {
      const g = createInquiryGenerator({ seed });
      return Array.from({ length: 50 }, (_, i) => g.next(T0 + i * 1000));
    };
    expect(run(11)).toEqual(run(11));
    expect(run(11)).not.toEqual(run(12));
  });

  it('never touches the global faker', async () => {
    const { faker } = await import('@faker-js/faker');
    faker.seed(5);
    const before = faker.number.int();
    faker.seed(5);
    createInquiryGenerator({ seed: 1 }).next(T0);
    expect(faker.number.int()).toBe(before);
  });

  it('writes Momento with the caller-chosen offset, to the second', () => {
    const g = createInquiryGenerator({ seed: 1, utcOffsetMinutes: -180 });
    expect(g.next(new Date(T0 + 999)).Momento).toBe('2026-11-22T10:15:00-03:00');
    expect(createInquiryGenerator({ seed: 1, utcOffsetMinutes: 0 }).next(T0).Momento).toBe('2026-11-22T13:15:00Z');
    expect(formatMomento(T0, 330)).toBe('2026-11-22T18:45:00+05:30');
    const parsed = parseOffsetDateTime(createInquiryGenerator({ seed: 2, utcOffsetMinutes: 120 }).next(T0).Momento);
    expect(parsed).toMatchObject({ epochMs: T0, offsetMinutes: 120 });
    expect(createInquiryGenerator({ seed: 1, now: () => T0 }).next().Momento).toBe('2026-11-22T10:15:00-03:00');
  });

  it('keeps mileage consistent with the model year', () => {
    const g = createInquiryGenerator({ seed: 99 });
    const year = 2026;
    for (let i = 0; i < 3000; i++) {
      const { Auto } = g.next(T0);
      if (Auto.Kilometraje === null) continue;
      if (Auto.Estado === 'nuevo') {
        expect(Auto.Kilometraje).toBeLessThanOrEqual(100);
        if (Auto.VersionYear !== null) expect(Auto.VersionYear).toBeGreaterThanOrEqual(year);
      } else if (Auto.VersionYear !== null) {
        const age = year - Auto.VersionYear;
        expect(age).toBeGreaterThanOrEqual(1);
        expect(age).toBeLessThanOrEqual(20);
        expect(Auto.Kilometraje).toBeGreaterThan(0);
        // At most 35,000 km a year (the generator's cap), measured to the end of the current year.
        expect(Auto.Kilometraje).toBeLessThanOrEqual((age + 1) * 35_000);
      }
    }
  });

  it('draws buyers from the caller’s catalog of provinces and cities when given', () => {
    const provinces = [
      { name: 'Córdoba', cities: ['Córdoba', 'Río Cuarto'], weight: 3 },
      { name: 'Tierra del Fuego', cities: ['Ushuaia'] },
    ];
    const g = createInquiryGenerator({ seed: 5, provinces });
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const { Provincia, Ciudad } = g.next(T0).Interesado;
      seen.add(`${Provincia}/${Ciudad ?? '-'}`);
      const p = provinces.find((x) => x.name === Provincia);
      expect(p).toBeDefined();
      if (Ciudad !== null) expect(p!.cities).toContain(Ciudad);
    }
    expect(seen.has('Tierra del Fuego/Ushuaia') && seen.has('Córdoba/Río Cuarto')).toBe(true);
    expect(() => createInquiryGenerator({ seed: 1, provinces: [{ name: 'X', cities: [] }] })).toThrow(GeneratorOptionError);
  });

  it("'null' leaves every member whose type the spec does not show null", () => {
    const g = createInquiryGenerator({ seed: 3, unshownTypes: 'null' });
    for (let i = 0; i < 500; i++) {
      const c = g.next(T0);
      expect([c.Auto.RefStock, c.Auto.Anticipo, c.Auto.Cuota, c.Interesado.Telefono, c.Interesado.DocIdentidad]).toEqual([null, null, null, null, null]);
      const info = c.Interesado.InfoOperacion;
      if (info) {
        expect(info.QuiereCotizacionSeguro).toBeNull();
        if (info.FinanciacionDeseada) expect(info.FinanciacionDeseada.Adelanto).toBeNull();
      }
    }
  });

  it('rejects options that would make inquiries invalid, with a stable code', () => {
    const bad = [{ operators: ['not-an-email'] }, { operators: [] }, { externalIds: [''] }, { arsPerUsd: 0 }, { utcOffsetMinutes: 2000 }, { seed: Number.NaN }];
    for (const o of bad) {
      let error: unknown;
      try {
        createInquiryGenerator({ seed: 1, ...o });
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(o)).toBeInstanceOf(Error);
      expect((error as { code: string }).code).toMatch(/^VMP_ERR_(GENERATOR|MOMENTO)_OPTION$/);
    }
    expect(() => createInquiryGenerator({ seed: 1, operators: ['x'] })).toThrow(GeneratorOptionError);
  });
});
