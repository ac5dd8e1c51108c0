import type { Faker } from '@faker-js/faker';
import { addDays, type ConsultaInput, formatInZone, startOfDayIn } from '../../models/index.ts';
import { slug } from './slug.ts';
import { EMAIL_DOMAINS, PROVINCES } from '../../generators/argentina.ts';
import { COLORS, MAKES } from './vehicles.ts';

// Seed inquiries (Resources > Consulta): realistic Argentine leads mixing publicacion/catalogo,
// usado/nuevo, null optional fields, trade-ins (EntregaVehiculo), financing, ARS and USD prices. Every
// member is present; a member without a value is null (Conventions).

export interface InquirySpec {
  count: number;
  /** The inquiries are spread over days 1..maxDaysAgo before today. */
  maxDaysAgo: number;
  operators: readonly string[];
  /** External ids of the agency's publications. */
  publications: readonly string[];
  /** ISO code of the agency's province: most buyers live there. */
  homeIso: string;
  today: string;
  timeZone: string;
}

const COMENTARIOS = [
  'Hola, ¿sigue disponible? Me interesa verlo este fin de semana.',
  'Buenas tardes, ¿aceptan permuta? Tengo un auto para entregar.',
  '¿Cuál es el precio final con patentamiento incluido?',
  'Quisiera saber si financian y con qué tasa.',
  '¿Tiene los services oficiales hechos y los papeles al día?',
  'Me interesa, ¿puedo pasar a verlo mañana a la tarde?',
  '¿Hacen envíos al interior?',
  '¿El precio es en pesos o en dólares?',
  'Busco algo parecido en color blanco, ¿tienen?',
  '¿Cuántos dueños tuvo? ¿Está para transferir?',
  'Consulto por la versión tope de gama, ¿hay stock?',
  '¡Hola! ¿Toman usados como parte de pago?',
  '¿Se puede pagar una parte con tarjeta de crédito?',
  'Quiero cotizar el seguro también, gracias.',
  'Estoy buscando para uso familiar, ¿me pasan más fotos?',
];
const DOMAINS = EMAIL_DOMAINS.map(([domain]) => domain);
const ARS_PER_USD = 1150;
const DAY_SECONDS = 86_400;

function buyer(f: Faker, homeIso: string) {
  const province = f.datatype.boolean(0.6) ? PROVINCES.find((p) => p.iso === homeIso)! : f.helpers.arrayElement(PROVINCES);
  const nombre = f.person.firstName();
  const apellido = f.person.lastName();
  const local = `${slug(nombre)}.${slug(apellido)}`.replace(/-/g, '.');
  const suffix = f.datatype.boolean(0.3) ? String(f.number.int({ min: 1, max: 99 })) : '';
  const area = province.areaCode;
  const localDigits = 10 - area.length;
  return {
    Interes: 'compra',
    Nombre: nombre,
    Apellido: apellido,
    Email: `${local}${suffix}@${f.helpers.arrayElement(DOMAINS)}`,
    Telefono: f.datatype.boolean(0.7) ? `+54 9 ${area} ${f.string.numeric(localDigits - 4)}-${f.string.numeric(4)}` : null,
    DocIdentidad: f.datatype.boolean(0.4) ? String(f.number.int({ min: 20_000_000, max: 46_000_000 })) : null,
    Provincia: province.name,
    Ciudad: f.datatype.boolean(0.9) ? f.helpers.arrayElement(province.cities) : null,
    Comentario: f.helpers.arrayElement(COMENTARIOS),
  };
}

const money = (f: Faker, usd: number) =>
  f.datatype.boolean(0.7) ? { Moneda: 'ARS', Importe: Math.round((usd * ARS_PER_USD) / 1000) * 1000 } : { Moneda: 'USD', Importe: Math.round(usd / 100) * 100 };

function infoOperacion(f: Faker, year: number) {
  if (f.datatype.boolean(0.4)) return null;
  const tradeIn = f.helpers.arrayElement(MAKES);
  return {
    EntregaVehiculo: f.datatype.boolean(0.45)
      ? {
          Marca: tradeIn.name,
          Modelo: f.helpers.arrayElement(Object.keys(tradeIn.models)),
          VersionYear: f.datatype.boolean(0.85) ? year - f.number.int({ min: 3, max: 18 }) : null,
        }
      : null,
    FinanciacionDeseada: f.datatype.boolean(0.5)
      ? {
          Adelanto: f.datatype.boolean(0.6) ? Math.round(f.number.int({ min: 2_000_000, max: 12_000_000 }) / 1000) * 1000 : null,
          Cuota: f.datatype.boolean(0.8) ? { Moneda: 'ARS', Importe: Math.round(f.number.int({ min: 150_000, max: 900_000 }) / 1000) * 1000 } : null,
        }
      : null,
    QuiereCotizacionSeguro: f.datatype.boolean(0.6) ? f.datatype.boolean() : null,
  };
}

function auto(f: Faker, tipo: 'publicacion' | 'catalogo', spec: InquirySpec) {
  const nuevo = tipo === 'catalogo' || f.datatype.boolean(0.35);
  const make = f.helpers.arrayElement(nuevo ? MAKES.filter((m) => m.nuevos) : MAKES);
  const modelo = f.helpers.arrayElement(Object.keys(make.models));
  const thisYear = Number(spec.today.slice(0, 4));
  const age = nuevo ? 0 : f.number.int({ min: 1, max: 15 });
  const usd = f.number.int({ min: 9_000, max: 65_000 }) * (nuevo ? 1 : Math.max(0.35, 1 - age * 0.06));
  return {
    ExternalId: tipo === 'catalogo' ? '' : f.helpers.arrayElement(spec.publications),
    RefStock: tipo === 'publicacion' && f.datatype.boolean(0.6) ? `STK-${f.string.numeric(5)}` : null,
    Marca: make.name,
    Modelo: modelo,
    Version: f.datatype.boolean(0.85) ? f.helpers.arrayElement(make.trims) : null,
    VersionYear: f.datatype.boolean(0.95) ? thisYear - age : null,
    Kilometraje: nuevo
      ? f.datatype.boolean(0.5)
        ? 0
        : null
      : f.datatype.boolean(0.9)
        ? Math.round((age * f.number.int({ min: 8_000, max: 22_000 })) / 100) * 100
        : null,
    Color: f.datatype.boolean(0.85) ? f.helpers.arrayElement(COLORS).name : null,
    BodyType: f.datatype.boolean(0.9) ? make.models[modelo]! : null,
    Estado: nuevo ? 'nuevo' : 'usado',
    Precio: f.datatype.boolean(0.9) ? money(f, usd) : null,
    Anticipo: f.datatype.boolean(0.2) ? Math.round((usd * ARS_PER_USD * 0.3) / 1000) * 1000 : null,
    Cuota: f.datatype.boolean(0.15) ? Math.round((usd * ARS_PER_USD * 0.03) / 1000) * 1000 : null,
  };
}

export function generateInquiries(f: Faker, spec: InquirySpec): ConsultaInput[] {
  return Array.from({ length: spec.count }, () => {
    const daysAgo = f.number.int({ min: 1, max: spec.maxDaysAgo });
    // Office hours, 08:00 to 21:59:59 local time.
    const second = f.number.int({ min: DAY_SECONDS / 3, max: (DAY_SECONDS * 11) / 12 - 1 });
    const epoch = startOfDayIn(addDays(spec.today, -daysAgo), spec.timeZone) + second * 1000;
    const tipo = f.datatype.boolean(0.25) ? 'catalogo' : 'publicacion';
    const a = auto(f, tipo, spec);
    return {
      Momento: formatInZone(epoch, spec.timeZone),
      OrigenLead: 'form',
      TipoAnuncio: tipo,
      Auto: a,
      Interesado: { ...buyer(f, spec.homeIso), InfoOperacion: infoOperacion(f, a.VersionYear ?? Number(spec.today.slice(0, 4))) },
      OperadorResponsable: f.helpers.arrayElement(spec.operators),
    };
  });
}
