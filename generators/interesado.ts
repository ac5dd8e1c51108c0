import type { Faker } from '@faker-js/faker';
import type { ConsultaInput } from '../models/index.ts';
import { EMAIL_DOMAINS, type Province } from './argentina.ts';
import { decimal } from './decimal.ts';
import { comentario } from './comentarios.ts';
import { pickModel } from './auto.ts';
import { chance, intBetween, pick, weighted, type Prng } from './prng.ts';

// Consulta.Interesado: the prospective buyer. Names come from faker's Spanish locale; province, city and phone
// area code from the Argentine table; trade-ins and financing at rates a dealer would recognise.

type Interesado = ConsultaInput['Interesado'];
type InfoOperacion = NonNullable<Interesado['InfoOperacion']>;

export interface InteresadoContext {
  faker: Faker;
  province: (prng: Prng) => Province;
  year: number;
  guessUnshownTypes: boolean;
  marca: string;
  modelo: string;
  versionYear: number | null;
  priceArs: number;
}

const emailDomain = weighted(EMAIL_DOMAINS);

const INFO_OPERACION_SHARE = 0.55;
const TRADE_IN_SHARE_OF_INFO = 0.45;
const FINANCING_SHARE_OF_INFO = 0.5;

/** ASCII letters only, as a mail provider accepts in a local part: "Núñez" → "nunez". */
function asciiWord(s: string): string {
  const lower = s.toLowerCase();
  return /^[a-z]+$/.test(lower) ? lower : lower.normalize('NFD').replace(/[^a-z]/g, '');
}

/**
 * Built here rather than with faker.internet.email, which costs a third of an inquiry's time: a million-inquiry
 * stream should be limited by the target, not by the generator.
 */
function email(prng: Prng, nombre: string, apellido: string): string {
  const first = asciiWord(nombre.split(' ')[0]!) || 'comprador';
  const last = asciiWord(apellido.split(' ')[0]!) || 'auto';
  const nn = decimal(intBetween(prng, 1, 99));
  let local: string;
  switch (intBetween(prng, 0, 5)) {
    case 0:
      local = `${first}.${last}`;
      break;
    case 1:
      local = `${first}_${last}`;
      break;
    case 2:
      local = `${first[0]}${last}`;
      break;
    case 3:
      local = `${first}${last}${nn}`;
      break;
    case 4:
      local = `${last}.${first}${nn.padStart(2, '0')}`;
      break;
    default:
      local = `${first}.${last}${nn}`;
  }
  return `${local}@${emailDomain(prng)}`;
}

/**
 * faker's es locale always writes two surnames (the Spanish custom); Argentines mostly use one, so draw from
 * its surname list and add a second one only sometimes.
 */
function apellido(prng: Prng, faker: Faker): string {
  const surnames = faker.definitions.person.last_name?.generic ?? [];
  if (surnames.length === 0) return faker.person.lastName();
  const one = faker.helpers.arrayElement(surnames);
  return chance(prng, 0.15) ? `${one} ${faker.helpers.arrayElement(surnames)}` : one;
}

function telefono(prng: Prng, areaCode: string): string {
  // Argentine mobile numbers: +54 9, area code, and a local number that makes ten digits in total.
  const digits = 10 - areaCode.length;
  const local = decimal(intBetween(prng, 2 * 10 ** (digits - 1), 10 ** digits - 1));
  return `+54 9 ${areaCode} ${local.slice(0, -4)}-${local.slice(-4)}`;
}

function infoOperacion(prng: Prng, ctx: InteresadoContext): InfoOperacion {
  const tradeIn = chance(prng, TRADE_IN_SHARE_OF_INFO) ? pickModel(prng, 'usado', ctx.year) : null;
  // The car offered in trade is usually older than the one wanted.
  const tradeInYear = Math.max(ctx.year - 20, (ctx.versionYear ?? ctx.year) - intBetween(prng, 2, 12));
  const financing = chance(prng, FINANCING_SHARE_OF_INFO);
  const downShare = 0.2 + prng.next() * 0.4;
  const months = pick(prng, [12, 18, 24, 36, 48, 60, 72]);
  return {
    EntregaVehiculo: tradeIn && {
      Marca: tradeIn.make.name,
      Modelo: tradeIn.model.name,
      VersionYear: chance(prng, 0.1) ? null : Math.max(tradeIn.model.from, Math.min(tradeIn.model.to ?? ctx.year, tradeInYear)),
    },
    FinanciacionDeseada: financing
      ? {
          // Types not shown for Adelanto: a money object like Cuota is the plausible guess.
          Adelanto: ctx.guessUnshownTypes && !chance(prng, 0.4) ? { Moneda: 'ARS', Importe: Math.round((ctx.priceArs * downShare) / 10_000) * 10_000 } : null,
          Cuota: chance(prng, 0.3)
            ? null
            : { Moneda: 'ARS', Importe: Math.max(1_000, Math.round((ctx.priceArs * (1 - downShare) * 1.6) / months / 1_000) * 1_000) },
        }
      : null,
    // Types not shown: a yes/no answer to "do you want an insurance quote?".
    QuiereCotizacionSeguro: ctx.guessUnshownTypes && !chance(prng, 0.5) ? chance(prng, 0.3) : null,
  };
}

export function generateInteresado(prng: Prng, ctx: InteresadoContext): Interesado {
  const sex = chance(prng, 0.5) ? 'female' : 'male';
  const Nombre = ctx.faker.person.firstName(sex);
  const Apellido = apellido(prng, ctx.faker);
  const prov = ctx.province(prng);
  // The capital or main city draws most buyers of a province.
  const Ciudad = chance(prng, 0.1) ? null : chance(prng, 0.4) ? prov.cities[0]! : pick(prng, prov.cities);
  return {
    Interes: 'compra',
    Nombre,
    Apellido,
    Email: email(prng, Nombre, Apellido),
    // Types not shown: phone and DNI as the strings a web form collects.
    Telefono: ctx.guessUnshownTypes && !chance(prng, 0.25) ? telefono(prng, prov.areaCode ?? '11') : null,
    DocIdentidad: ctx.guessUnshownTypes && chance(prng, 0.25) ? decimal(intBetween(prng, 20_000_000, 46_000_000)) : null,
    Provincia: prov.name,
    Ciudad,
    Comentario: comentario(prng, { marca: ctx.marca, modelo: ctx.modelo, ciudad: Ciudad, anio: ctx.versionYear }),
    InfoOperacion: chance(prng, INFO_OPERACION_SHARE) ? infoOperacion(prng, ctx) : null,
  };
}
