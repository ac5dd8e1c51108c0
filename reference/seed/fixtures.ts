import { Faker, base, es } from '@faker-js/faker';
import { addDays, endOfDayIn, formatInZone, startOfDayIn } from '../../models/index.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Agency } from '../state/types.ts';
import { SID_LENGTH, foldMail } from '../state/store.ts';
import { generateInquiries } from './inquiries.ts';

// The seed state (reference/README.md, Fixtures): deterministic from (seed, today, time zone). Agency
// e-mails use the reserved .example TLD (RFC 2606) so nothing real is ever addressed.

export interface SeedAgency {
  app: AppName;
  adminMail: string;
  razonSocial: string;
  telefono: string;
  localidad: string;
  homeIso: string;
  operators: readonly string[];
  /** Prefix of the agency's publication external ids. */
  prefix: string;
  publications: number;
  inquiries: number;
  plan: string;
}

/** Inquiries are spread over the last this many days: inside the 90-day desde window, so all are listed. */
const SEED_INQUIRY_DAYS = 85;

export const SEED_AGENCIES: readonly SeedAgency[] = [
  {
    app: 'primary',
    adminMail: 'admin@autosdelsur.example',
    razonSocial: 'Autos del Sur S.A.',
    telefono: '+54 11 4244-1200',
    localidad: 'Lomas de Zamora',
    homeIso: 'AR-B',
    operators: ['lucia.fernandez@autosdelsur.example', 'martin.gomez@autosdelsur.example', 'carla.rios@autosdelsur.example', 'admin@autosdelsur.example'],
    prefix: 'ADS',
    publications: 12,
    inquiries: 250,
    plan: 'Plan Oro',
  },
  {
    app: 'primary',
    adminMail: 'ventas@rutanortemotors.example',
    razonSocial: 'Ruta Norte Motors S.R.L.',
    telefono: '+54 230 442-8800',
    localidad: 'Pilar',
    homeIso: 'AR-B',
    operators: ['sofia.perez@rutanortemotors.example', 'ventas@rutanortemotors.example'],
    prefix: 'RNM',
    publications: 6,
    inquiries: 36,
    plan: 'Plan Plata',
  },
  {
    app: 'primary',
    adminMail: 'contacto@cuyoautos.example',
    razonSocial: 'Cuyo Autos',
    telefono: '+54 261 429-3300',
    localidad: 'Godoy Cruz',
    homeIso: 'AR-M',
    operators: ['contacto@cuyoautos.example'],
    prefix: 'CUY',
    publications: 3,
    inquiries: 9,
    plan: 'Plan Inicial',
  },
  {
    app: 'other',
    adminMail: 'admin@patagoniaautomotores.example',
    razonSocial: 'Patagonia Automotores S.A.',
    telefono: '+54 299 448-7000',
    localidad: 'Neuquén',
    homeIso: 'AR-Q',
    operators: ['diego.sosa@patagoniaautomotores.example', 'valeria.luna@patagoniaautomotores.example', 'admin@patagoniaautomotores.example'],
    prefix: 'PAT',
    publications: 8,
    inquiries: 42,
    plan: 'Plan Oro',
  },
  {
    app: 'other',
    adminMail: 'usados@litoralcars.example',
    razonSocial: 'Litoral Cars',
    telefono: '+54 341 421-5500',
    localidad: 'Rosario',
    homeIso: 'AR-S',
    operators: ['usados@litoralcars.example', 'pablo.acosta@litoralcars.example'],
    prefix: 'LIT',
    publications: 4,
    inquiries: 15,
    plan: 'Plan Plata',
  },
];

const PLAN_SIZES: Readonly<Record<string, number>> = { 'Plan Oro': 60, 'Plan Plata': 25, 'Plan Inicial': 10 };

/** The package a newly registered agency starts with. */
export const STARTER_PLAN = 'Plan Inicial';
export const planSize = (plan: string): number => PLAN_SIZES[plan] ?? 0;

export function seedAgencies(seed: number, today: string, timeZone: string): Agency[] {
  const f = new Faker({ locale: [es, base], seed });
  return SEED_AGENCIES.map((s) => {
    const registered = formatInZone(startOfDayIn(addDays(today, -f.number.int({ min: 200, max: 900 })), timeZone) + 10 * 3_600_000, timeZone);
    const publications = Array.from({ length: s.publications }, () => `${s.prefix}-${f.string.numeric(6)}`);
    const consultas = generateInquiries(f, {
      count: s.inquiries,
      maxDaysAgo: SEED_INQUIRY_DAYS,
      operators: s.operators,
      publications,
      homeIso: s.homeIso,
      today,
      timeZone,
    });
    const size = planSize(s.plan);
    return {
      key: foldMail(s.adminMail),
      adminMail: s.adminMail,
      fields: { RazonSocial: s.razonSocial, Telefono: s.telefono, Localidad: s.localidad },
      operadores: [...s.operators],
      estado: 'registrada',
      invitedBy: new Set([s.app]),
      invitadaEl: registered,
      registradaEl: registered,
      apps: new Set([s.app]),
      productos: {
        plan: s.plan,
        contratadas: size,
        activas: Math.min(size, s.publications),
        destaques: f.number.int({ min: 0, max: 5 }),
        vigenteHasta: formatInZone(endOfDayIn(addDays(today, f.number.int({ min: 20, max: 120 })), timeZone), timeZone),
      },
      inquiries: consultas.map((consulta) => ({
        sid: f.string.alphanumeric(SID_LENGTH),
        consulta,
        epochMs: Date.parse(consulta.Momento),
      })),
    } satisfies Agency;
  });
}
