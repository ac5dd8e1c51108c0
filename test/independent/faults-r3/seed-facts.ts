import { addDays } from '../server/clock.ts';
import type { Answer } from './witness-client.ts';

// What the witnesses rely on in the independent server's seed (server/seed.ts, catalog-data.ts) and profile.json:
// which app sees which agency, and the topics. Every witness starts on a fresh server.

/** Associated with the primary app only; the agency enabled it for further kinds of inquiries. */
export const SUR = 'Ventas@AutosDelSur.com.ar';
/** An operator of SUR other than its administrator. */
export const SUR_OPERATOR = 'juana.perez@autosdelsur.com.ar';
/** Associated with both the primary and the other app. */
export const RIO = 'admin@concesionaria-rio.com';
/** Associated with the other app only. */
export const MOTORES = 'contacto@motores.example.org';

export const TOPIC_INQUIRY = 'lead-recibido';
/** Configured for the primary app from the start (a callback elsewhere). */
export const TOPIC_REGISTRATION = 'alta-agencia';
export const TOPIC_UNAVAILABLE = 'facturacion-mensual';

/** A fresh e-mail address in the profile's invitation domain. */
export const fresh = (tag: string): string => `r3-${tag}-${Math.random().toString(36).slice(2, 8)}@prueba-indep.example.com`;

/** A sid of valid length (24) that names no inquiry. */
export const NO_SID = 'zzzzzzzzzzzzzzzzzzzzzzzz';

export const enc = encodeURIComponent;

/** The entries of a list answer (bare array or `_entries`). */
// biome-ignore lint/suspicious/noExplicitAny: list members are read by the witnesses' own names
export function entries(a: Answer): any[] {
  const body = a.json();
  if (Array.isArray(body)) return body;
  return Array.isArray(body?._entries) ? body._entries : [];
}

/** "GET /v3/x: 200 — expected 404": a witness's finding. */
export const saw = (what: string, got: unknown, expected: string): string =>
  `${what}: ${typeof got === 'string' ? got : JSON.stringify(got)} — expected ${expected}`;

/** A status check: undefined when `a` has the status. */
export const expectStatus = (what: string, a: Answer, status: number): string | undefined =>
  a.status === status ? undefined : saw(what, a.status, String(status));

/** The Momento of a wall-clock time on a date in the profile's zone (Buenos Aires, −03:00, no DST). */
export const localMoment = (date: string, time: string): string => `${date}T${time}-03:00`;

/** Yesterday in the profile's zone. */
export const yesterday = (today: string): string => addDays(today, -1);
