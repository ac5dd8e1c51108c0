// The state the independent server starts with: three apps, four agencies, inquiries spread over 85 days.
import { randomSid } from './ids.ts';
import type { Topics } from './context.ts';
import { Store, type Agency, type Inquiry } from './store.ts';
import { fold } from './validate.ts';

export interface Credentials {
  primary: string;
  other: string;
  empty: string;
}

/** mulberry32: the seed data is the same on every start. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function agency(adminMail: string, razonSocial: string, operadores: string[], apps: string[], enabled: string[], now: Date): Agency {
  return {
    adminMail,
    razonSocial,
    nombreComercial: null,
    telefono: null,
    direccion: null,
    operadores: [adminMail, ...operadores],
    apps: new Set(apps),
    enabledApps: new Set(enabled),
    invitedAt: null,
    registeredAt: new Date(now.getTime() - 400 * 86_400_000),
    publications: [],
  };
}

const buyers = [
  ['Lucía', 'Fernández', 'lucia.fernandez@correo.com.ar'],
  ['Martín', 'Gómez', 'mgomez+autos@mail.example'],
  ['Sofía', "D'Angelo", 'sofi_dangelo@proveedor.net'],
  ['Tomás', 'Núñez', 'TOMAS.NUNEZ@Empresa.com'],
  ['Valentina', 'Ruiz', 'vruiz@sub.dominio.org'],
] as const;
const vehicles = [
  ['Ford', 'Focus'],
  ['Toyota', 'Hilux'],
  ['Peugeot', '208'],
  ['Volkswagen', 'Gol Trend'],
  ['Fiat', 'Cronos'],
] as const;

function consulta(rand: () => number, externalId: string, operador: string, tipo: string): Record<string, unknown> {
  const buyer = buyers[Math.floor(rand() * buyers.length)] ?? buyers[0];
  const vehicle = vehicles[Math.floor(rand() * vehicles.length)] ?? vehicles[0];
  const used = rand() < 0.6;
  return {
    OrigenLead: 'form',
    TipoAnuncio: tipo,
    Auto: {
      ExternalId: externalId,
      RefStock: used ? `STK-${Math.floor(rand() * 9000 + 1000)}` : null,
      Marca: vehicle[0],
      Modelo: vehicle[1],
      Version: used ? '1.6 SE' : null,
      VersionYear: used ? 2015 + Math.floor(rand() * 9) : null,
      Kilometraje: used ? Math.floor(rand() * 150_000) : 0,
      Color: rand() < 0.5 ? 'Gris Plata' : null,
      BodyType: rand() < 0.5 ? 'Sedán 4 puertas' : null,
      Estado: used ? 'usado' : 'nuevo',
      Precio: rand() < 0.8 ? { Moneda: rand() < 0.5 ? 'ARS' : 'USD', Importe: Math.floor(rand() * 3e7) / 100 } : null,
      Anticipo: null,
      Cuota: null,
    },
    Interesado: {
      Interes: 'compra',
      Nombre: buyer[0],
      Apellido: buyer[1],
      Email: buyer[2],
      Telefono: rand() < 0.5 ? '+54 9 11 5555-0000' : null,
      DocIdentidad: null,
      Provincia: 'Buenos Aires',
      Ciudad: rand() < 0.5 ? 'La Plata' : null,
      Comentario: '¿Sigue disponible? Acepto permuta & financiación.',
      InfoOperacion:
        rand() < 0.4
          ? {
              EntregaVehiculo: { Marca: 'Renault', Modelo: 'Clio', VersionYear: null },
              FinanciacionDeseada: { Adelanto: null, Cuota: { Moneda: 'ARS', Importe: 150000 } },
              QuiereCotizacionSeguro: true,
            }
          : null,
    },
    OperadorResponsable: operador,
  };
}

function addInquiries(store: Store, target: Agency, app: string | null, count: number, rand: () => number, now: Date): void {
  for (let i = 0; i < count; i++) {
    const catalog = app === null || rand() < 0.15;
    const externalId = catalog ? '' : `PUB-${fold(target.adminMail).slice(0, 4).toUpperCase()}-${100 + Math.floor(rand() * 12)}`;
    if (!catalog && app !== null && !target.publications.some((p) => p.externalId === externalId)) {
      target.publications.push({ externalId, app, suspended: false });
    }
    const operador = target.operadores[Math.floor(rand() * target.operadores.length)] ?? target.adminMail;
    const inquiry: Inquiry = {
      sid: randomSid(rand),
      agency: fold(target.adminMail),
      app,
      momento: new Date(now.getTime() - Math.floor(rand() * 85 * 86_400_000) - 60_000),
      fields: consulta(rand, externalId, operador, catalog ? 'catalogo' : 'publicacion'),
    };
    store.inquiries.set(inquiry.sid, inquiry);
  }
}

export function seedStore(credentials: Credentials, topics: Topics, now: Date): Store {
  const store = new Store();
  const AVAILABLE = [topics.inquiry, topics.registration];
  store.apps.set('app-primaria', { id: 'app-primaria', credential: credentials.primary, topics: AVAILABLE });
  store.apps.set('app-secundaria', { id: 'app-secundaria', credential: credentials.other, topics: AVAILABLE });
  store.apps.set('app-vacia', { id: 'app-vacia', credential: credentials.empty, topics: AVAILABLE });
  const rand = prng(20250412);
  const sur = agency(
    'Ventas@AutosDelSur.com.ar',
    'Autos del Sur S.A.',
    ['juana.perez@autosdelsur.com.ar', 'vendedor+norte@autosdelsur.com.ar'],
    ['app-primaria'],
    ['app-primaria'],
    now,
  );
  const rio = agency('admin@concesionaria-rio.com', 'Concesionaria Río S.R.L.', ['o.luna@concesionaria-rio.com'], ['app-primaria', 'app-secundaria'], [], now);
  const motores = agency('contacto@motores.example.org', 'Motores del Oeste', [], ['app-secundaria'], [], now);
  const viejo = agency('ex.cliente@viejo.com.ar', 'Automotores Viejo', [], [], [], now);
  for (const each of [sur, rio, motores, viejo]) store.agencies.set(fold(each.adminMail), each);
  addInquiries(store, sur, 'app-primaria', 47, rand, now);
  addInquiries(store, sur, null, 6, rand, now);
  addInquiries(store, rio, 'app-primaria', 12, rand, now);
  addInquiries(store, rio, 'app-secundaria', 5, rand, now);
  addInquiries(store, rio, null, 3, rand, now);
  addInquiries(store, motores, 'app-secundaria', 6, rand, now);
  // The primary app starts with a registration callback configured elsewhere: a run must put it back.
  store.topicsOf(store.apps.get('app-primaria')!).set(topics.registration, {
    url: 'http://127.0.0.1:9/registro-original',
    secret: 'secreto-original-0123456789',
    createdAt: now,
    updatedAt: now,
  });
  return store;
}
