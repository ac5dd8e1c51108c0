import type { ConsultaInput, Money } from '../models/index.ts';
import { decimal } from './decimal.ts';
import { chance, intBetween, normal, pick, weighted, type Prng } from './prng.ts';
import { COLORS, MAKES, type Make, type VehicleModel } from './vehicles.ts';

// Consulta.Auto: the vehicle an inquiry refers to. Mileage follows the model year, prices follow make, model and
// age, and nullable members are null at the rates below. Only members the spec marks "or null"/"nullable" are
// ever null.

type Auto = ConsultaInput['Auto'];

export interface AutoContext {
  /** The calendar year and month (0-based) of Momento, in the generator's offset. */
  year: number;
  month: number;
  arsPerUsd: number;
  /** false: the members whose types the spec does not show (RefStock, Anticipo, Cuota) are always null. */
  guessUnshownTypes: boolean;
  externalId: (prng: Prng) => string;
}

export interface GeneratedAuto {
  auto: Auto;
  /** The vehicle's price in ARS even when Precio is null or in USD, so financing amounts stay plausible. */
  priceArs: number;
}

const USADO_SHARE = 0.65;
const CATALOGO_SHARE_OF_NUEVO = 0.45;
const MAX_AGE = 20;

const makeNuevo = weighted(MAKES.map((m) => [m, m.weightNuevo] as const));
const makeUsado = weighted(MAKES.map((m) => [m, m.weightUsado] as const));
const color = weighted(COLORS);
// Ages of used cars on sale: few under 2 years, a mode around 5, a long tail to 20.
const usedAge = weighted(Array.from({ length: MAX_AGE }, (_, i) => [i + 1, (i + 1) ** 1.3 * Math.exp(-(i + 1) / 4)] as const));

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

export function pickModel(prng: Prng, estado: 'usado' | 'nuevo', year: number): { make: Make; model: VehicleModel } {
  const make = estado === 'nuevo' ? makeNuevo(prng) : makeUsado(prng);
  const eligible = make.models.filter((m) => (estado === 'nuevo' ? m.to === null : m.from <= year - 1));
  return { make, model: pick(prng, eligible.length > 0 ? eligible : make.models) };
}

function modelYear(prng: Prng, estado: 'usado' | 'nuevo', model: VehicleModel, ctx: AutoContext): number {
  // From October dealers already sell next year's model as 0km.
  if (estado === 'nuevo') return ctx.month >= 9 && chance(prng, 0.4) ? ctx.year + 1 : ctx.year;
  const newest = Math.min(model.to ?? ctx.year - 1, ctx.year - 1);
  const oldest = Math.max(model.from, ctx.year - MAX_AGE);
  return Math.max(oldest, Math.min(newest, ctx.year - usedAge(prng)));
}

function kilometraje(prng: Prng, estado: 'usado' | 'nuevo', versionYear: number | null, ctx: AutoContext): number {
  // A 0km shows 0, or the few kilometres of transport and pre-delivery.
  if (estado === 'nuevo') return chance(prng, 0.85) ? 0 : intBetween(prng, 1, 60);
  const years = versionYear === null ? usedAge(prng) : Math.max(0.5, ctx.year - versionYear + ctx.month / 12 - 0.5);
  const perYear = Math.min(35_000, Math.max(3_000, normal(prng, 13_000, 5_000)));
  const km = Math.round(years * perYear);
  // Half the sellers write a round figure.
  return chance(prng, 0.5) ? roundTo(km, 1_000) : km;
}

function money(Moneda: 'ARS' | 'USD', Importe: number): Money {
  return { Moneda, Importe };
}

function price(prng: Prng, estado: 'usado' | 'nuevo', model: VehicleModel, versionYear: number | null, ctx: AutoContext) {
  const age = versionYear === null ? 5 : Math.max(0, ctx.year - versionYear);
  const usd = estado === 'nuevo' ? model.newUsd * (0.92 + prng.next() * 0.23) : Math.max(3_500, model.newUsd * 0.88 ** age * (0.85 + prng.next() * 0.3));
  // New cars are listed in pesos; about a third of used cars are listed in dollars, as in the local market.
  const inUsd = estado === 'usado' ? chance(prng, 0.35) : chance(prng, 0.04);
  const priceArs = roundTo(usd * ctx.arsPerUsd, 10_000);
  return { priceArs, precio: inUsd ? money('USD', roundTo(usd, estado === 'usado' ? 100 : 500)) : money('ARS', priceArs) };
}

function version(prng: Prng, make: Make, model: VehicleModel): string {
  const automatic = chance(prng, 0.3) ? ' AT' : '';
  return `${pick(prng, model.engines)} ${pick(prng, make.trims)}${automatic}`;
}

export function generateAuto(prng: Prng, ctx: AutoContext): GeneratedAuto & { tipoAnuncio: 'publicacion' | 'catalogo' } {
  const estado = chance(prng, USADO_SHARE) ? 'usado' : 'nuevo';
  // Catalog inquiries are about 0km models from the reference catalog, never about a used unit.
  const tipoAnuncio = estado === 'nuevo' && chance(prng, CATALOGO_SHARE_OF_NUEVO) ? 'catalogo' : 'publicacion';
  const { make, model } = pickModel(prng, estado, ctx.year);
  const versionYear = chance(prng, estado === 'nuevo' ? 0.05 : 0.03) ? null : modelYear(prng, estado, model, ctx);
  const { priceArs, precio } = price(prng, estado, model, versionYear, ctx);
  const withPrice = !chance(prng, 0.06);
  const financedPlan = ctx.guessUnshownTypes && withPrice && chance(prng, estado === 'nuevo' ? 0.15 : 0.05);
  const auto: Auto = {
    ExternalId: tipoAnuncio === 'catalogo' ? '' : ctx.externalId(prng),
    // Types not shown: a dealer's stock code is the plausible guess.
    RefStock: ctx.guessUnshownTypes && tipoAnuncio === 'publicacion' && chance(prng, 0.35) ? `STK-${decimal(intBetween(prng, 10_000, 99_999))}` : null,
    Marca: make.name,
    Modelo: model.name,
    Version: chance(prng, 0.1) ? null : version(prng, make, model),
    VersionYear: versionYear,
    Kilometraje: chance(prng, estado === 'nuevo' ? 0.04 : 0.06) ? null : kilometraje(prng, estado, versionYear, ctx),
    Color: chance(prng, tipoAnuncio === 'catalogo' ? 0.4 : 0.1) ? null : color(prng),
    BodyType: chance(prng, 0.08) ? null : model.body,
    Estado: estado,
    Precio: withPrice ? precio : null,
    // Types not shown: money objects like Precio (a dealer's own financing plan: down payment and instalment).
    Anticipo: financedPlan ? money('ARS', roundTo(priceArs * (0.2 + prng.next() * 0.3), 10_000)) : null,
    Cuota: financedPlan ? money('ARS', roundTo((priceArs * 0.6 * 1.5) / pick(prng, [24, 36, 48, 60]), 1_000)) : null,
  };
  return { auto, priceArs, tipoAnuncio };
}
