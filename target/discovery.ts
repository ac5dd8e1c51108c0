import { listEntries } from '../models/index.ts';
import { callEndpoint } from './call.ts';
import type { TargetClient, TargetResponse } from './client.ts';

// Fixtures the suites need, found through the API itself (a profile may pin them instead).

export class TargetUnreachableError extends Error {
  readonly code = 'VMP_ERR_UNREACHABLE';
}
export class CredentialsRejectedError extends Error {
  readonly code = 'VMP_ERR_CREDENTIALS';
}

export interface Fixtures {
  /** The primary app's agency with the most inquiries (or the profile's). */
  agency: string;
  agencies: string[];
  otherAgencies: string[];
  inquiryTotal: number;
  inquirySid?: string;
  operador?: string;
  externalId?: string;
}

const SCAN_LIMIT = 20;

/** The last path segment of an href: ref-form entries link to /v3/agencias/{adminMail} and /v3/consultas/{adminMail}/{sid}. */
export function lastSegment(href: string): string {
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const hrefs = (res: TargetResponse): string[] =>
  (listEntries(res.json) ?? []).flatMap((e) => (e && typeof e === 'object' && typeof (e as { href?: unknown }).href === 'string' ? [(e as { href: string }).href] : []));

/** Exit code 3 material: the target does not answer, or refuses the profile's credentials, before any check. */
export async function checkReachable(client: TargetClient): Promise<void> {
  for (const app of ['primary', 'other'] as const) {
    const res = await callEndpoint(client, 'agencias-list', { app, form: 'json' });
    if (res.status === undefined) {
      throw new TargetUnreachableError(`${client.baseUrl} is unreachable: ${res.error?.message ?? 'no response'}`);
    }
    if (res.status === 401 || res.status === 403) {
      throw new CredentialsRejectedError(`${client.baseUrl} rejects the credentials of app '${app}' (GET /v3/agencias: ${res.status})`);
    }
  }
}

async function agenciesOf(client: TargetClient, app: 'primary' | 'other'): Promise<string[]> {
  return hrefs(await callEndpoint(client, 'agencias-list', { app, form: 'ref' })).map(lastSegment);
}

async function inquiryTotal(client: TargetClient, adminMail: string): Promise<number> {
  const res = await callEndpoint(client, 'consultas-list', { params: { adminMail }, form: 'ref' });
  const total = (res.json as { Total?: unknown } | undefined)?.Total;
  return typeof total === 'number' ? total : 0;
}

export async function discover(client: TargetClient): Promise<Fixtures> {
  const pinned = client.profile.fixtures;
  const [agencies, otherAgencies] = await Promise.all([agenciesOf(client, 'primary'), agenciesOf(client, 'other')]);
  let agency = pinned.agency;
  let total = 0;
  if (agency) {
    total = await inquiryTotal(client, agency);
  } else {
    // An agency may be associated with both apps (nothing limits it to one): the scoping checks need one that
    // app `other` does not see, so shared agencies are candidates only when there is no other.
    const shared = new Set(otherAgencies.map((a) => a.toLowerCase()));
    const own = agencies.filter((a) => !shared.has(a.toLowerCase()));
    const candidates = own.length > 0 ? own : agencies;
    const totals = await Promise.all(candidates.slice(0, SCAN_LIMIT).map(async (a) => [a, await inquiryTotal(client, a)] as const));
    for (const [a, t] of totals) if (agency === undefined || t > total) [agency, total] = [a, t];
  }
  if (!agency) throw new Error('no agency found for the primary app: set fixtures.agency in the profile');

  const fixtures: Fixtures = { agency, agencies, otherAgencies, inquiryTotal: total };
  const page = await callEndpoint(client, 'consultas-list', { params: { adminMail: agency }, form: 'json' });
  const entries = (listEntries(page.json) ?? []) as { OperadorResponsable?: unknown; TipoAnuncio?: unknown; Auto?: { ExternalId?: unknown }; _links?: Record<string, { href?: unknown }> }[];
  const refPage = await callEndpoint(client, 'consultas-list', { params: { adminMail: agency }, form: 'ref' });
  const sid = pinned.inquirySid ?? hrefs(refPage).map(lastSegment)[0];
  if (sid) fixtures.inquirySid = sid;
  const operador = pinned.operador ?? entries.map((e) => e.OperadorResponsable).find((o) => typeof o === 'string');
  if (typeof operador === 'string') fixtures.operador = operador;
  const externalId = entries.map((e) => e.Auto?.ExternalId).find((x) => typeof x === 'string' && x !== '');
  if (typeof externalId === 'string') fixtures.externalId = externalId;
  return fixtures;
}
