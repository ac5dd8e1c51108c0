import { Faker, base, en, es } from '@faker-js/faker';
import { z } from 'zod';
import type { ConsultaInput } from '../models/index.ts';
import { PROVINCES, type Province } from './argentina.ts';
import { generateAuto } from './auto.ts';
import { generateInteresado } from './interesado.ts';
import { decimal } from './decimal.ts';
import { assertUtcOffset, formatMomento, localYearMonth } from './momento.ts';
import { createPrng, deriveSeed, intBetween, pick, weighted, type Prng } from './prng.ts';

// A realistic stream of inquiries (Consulta without _links, as a simulation hook receives them), deterministic
// from a seed: the same seed and the same sequence of moments give the same inquiries, byte for byte.

export interface InquiryGeneratorOptions {
  seed: number;
  /** OperadorResponsable is drawn from these e-mails (an agency's operators); default one example operator. */
  operators?: readonly string[];
  /** Auto.ExternalId of publicacion inquiries is drawn from these (the target's publications); default "MLA" + 10 digits. */
  externalIds?: readonly string[];
  /**
   * Buyers' provinces and cities; default the 24 Argentine jurisdictions weighted by population. The simulator
   * may pass the target's own catalog (GET /v3/ciudades) so every Provincia/Ciudad is one the target knows.
   */
  provinces?: readonly Province[];
  /** UTC offset of Momento in minutes; default −180 (Argentina); 0 writes "Z". */
  utcOffsetMinutes?: number;
  /** Clock for next() called without a moment; default Date.now. */
  now?: () => number;
  /** Exchange rate for ARS prices; default 1200. */
  arsPerUsd?: number;
  /**
   * The spec does not show the types of RefStock, Anticipo, Cuota (Auto), Adelanto, Telefono, DocIdentidad and
   * QuiereCotizacionSeguro. 'guess' (default) sends plausible values (strings, money objects, booleans), each
   * null at a realistic rate; 'null' always sends null, for targets that reject the guesses.
   */
  unshownTypes?: 'guess' | 'null';
}

export interface InquiryGenerator {
  /** The next inquiry, received at `moment` (epoch ms or Date; default the `now` clock). */
  next(moment?: number | Date): ConsultaInput;
}

export class GeneratorOptionError extends RangeError {
  readonly code = 'VMP_ERR_GENERATOR_OPTION';
}

export const DEFAULT_OPERATORS: readonly string[] = ['ventas@agencia-demo.example.test'];

const emailSchema = z.email();

function checkOptions(o: InquiryGeneratorOptions): void {
  if (!Number.isFinite(o.seed)) throw new GeneratorOptionError(`seed must be a finite number, got ${o.seed}`);
  if (o.operators !== undefined) {
    if (o.operators.length === 0) throw new GeneratorOptionError('operators must not be empty');
    const bad = o.operators.find((e) => !emailSchema.safeParse(e).success);
    // OperadorResponsable is "string, email": a non-email operator would make every inquiry invalid.
    if (bad !== undefined) throw new GeneratorOptionError(`operators must be e-mail addresses, got '${bad}'`);
  }
  if (o.externalIds !== undefined) {
    if (o.externalIds.length === 0) throw new GeneratorOptionError('externalIds must not be empty');
    // "" is how a catalogo inquiry says it has no publication; a publicacion must name one.
    if (o.externalIds.some((id) => id === '')) throw new GeneratorOptionError('externalIds must be non-empty strings');
  }
  if (o.provinces !== undefined) {
    if (o.provinces.length === 0) throw new GeneratorOptionError('provinces must not be empty');
    const bad = o.provinces.find((p) => p.name === '' || p.cities.length === 0 || p.cities.includes('') || !((p.weight ?? 1) >= 0));
    if (bad) throw new GeneratorOptionError(`province '${bad.name}' needs a name, at least one non-empty city and a non-negative weight`);
    if (o.provinces.every((p) => p.weight === 0)) throw new GeneratorOptionError('province weights must not all be zero');
  }
  if (o.arsPerUsd !== undefined && !(o.arsPerUsd > 0)) throw new GeneratorOptionError(`arsPerUsd must be positive, got ${o.arsPerUsd}`);
  if (o.utcOffsetMinutes !== undefined) assertUtcOffset(o.utcOffsetMinutes);
}

/** A MercadoLibre Argentina style listing id, the most common external id of a publication. */
function mlaId(prng: Prng): string {
  return `MLA${decimal(intBetween(prng, 1_000_000_000, 1_999_999_999))}`;
}

export function createInquiryGenerator(options: InquiryGeneratorOptions): InquiryGenerator {
  checkOptions(options);
  const prng = createPrng(deriveSeed(options.seed, 'inquiry'));
  // A private Faker instance: the global one is shared and reseeding it would break other users' determinism.
  const faker = new Faker({ locale: [es, en, base] });
  faker.seed(deriveSeed(options.seed, 'faker'));
  const operators = options.operators ?? DEFAULT_OPERATORS;
  const externalIds = options.externalIds;
  const offset = options.utcOffsetMinutes ?? -180;
  const now = options.now ?? Date.now;
  const arsPerUsd = options.arsPerUsd ?? 1200;
  const guessUnshownTypes = (options.unshownTypes ?? 'guess') === 'guess';
  const externalId = externalIds ? (p: Prng) => pick(p, externalIds) : mlaId;
  const province = weighted((options.provinces ?? PROVINCES).map((p) => [p, p.weight ?? 1] as const));

  return {
    next(moment) {
      const ms = moment === undefined ? now() : typeof moment === 'number' ? moment : moment.getTime();
      const { year, month } = localYearMonth(ms, offset);
      const { auto, priceArs, tipoAnuncio } = generateAuto(prng, { year, month, arsPerUsd, guessUnshownTypes, externalId });
      const Interesado = generateInteresado(prng, {
        faker,
        province,
        year,
        guessUnshownTypes,
        marca: auto.Marca,
        modelo: auto.Modelo,
        versionYear: auto.VersionYear,
        priceArs,
      });
      return {
        Momento: formatMomento(ms, offset),
        OrigenLead: 'form',
        TipoAnuncio: tipoAnuncio,
        Auto: auto,
        Interesado,
        OperadorResponsable: pick(prng, operators),
      };
    },
  };
}
