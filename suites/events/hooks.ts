import { isDeepStrictEqual } from 'node:util';
import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { consultaInput, parseOffsetDateTime, type ConsultaInput } from '../../models/index.ts';
import { TargetClient, type TargetResponse } from '../../sut/client.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Check } from '../harness/check.ts';
import type { RunContext } from '../harness/context.ts';

// The simulation hooks (a contract shared with third-party targets, profile key simulationHooks): POST
// {hooks}/consultas injects an inquiry, POST {hooks}/agencias/{adminMail}/registro completes a registration.
// Both are authenticated like /v3 as the calling app. Never {hooks}/reset.

/** POSTs to the hooks, whose base the profile gives relative to the base URL or absolute. */
export async function sendHook(c: Check, subpath: string, json?: unknown): Promise<TargetResponse> {
  const hooks = c.givenPresent(c.ctx.profile.simulationHooks, 'simulation hooks in the profile');
  const relative = relativeHookPath(hooks, subpath);
  if (relative !== undefined) return c.sendRaw({ method: 'POST', path: relative, ...(json !== undefined ? { json } : {}) });
  return postHook(c.ctx, c.client, subpath, json);
}

/** The hook's path under the base URL when the hooks base is relative to it; undefined for an absolute base. */
const relativeHookPath = (hooks: string, subpath: string): string | undefined =>
  /^[a-z][a-z0-9+.-]*:/i.test(hooks) ? undefined : `/${hooks.replace(/^\/+|\/+$/g, '')}${subpath}`;

/** POSTs to the profile's hooks as `app`, outside any check (the model run); an absolute base gets a client of its own. */
export async function postHook(ctx: RunContext, client: TargetClient, subpath: string, json?: unknown, app: AppName = 'primary'): Promise<TargetResponse> {
  const hooks = ctx.profile.simulationHooks;
  if (hooks === null) throw new Error('the profile has no simulation hooks');
  const req = { method: 'POST', app, ...(json !== undefined ? { json } : {}) };
  const relative = relativeHookPath(hooks, subpath);
  if (relative !== undefined) return client.send({ ...req, path: relative });
  // An absolute hooks base is another origin: a client of its own, with the same credentials and caps.
  const own = new TargetClient({
    baseUrl: hooks,
    profile: ctx.profile,
    timeoutMs: ctx.timeoutMs,
    maxBodyBytes: ctx.maxBodyBytes,
    secrets: ctx.secrets,
    transport: ctx.transport,
  });
  try {
    return await own.send({ ...req, path: subpath });
  } finally {
    await own.close();
  }
}

/**
 * A fresh, valid inquiry for the fixture agency: Consulta without _links (Resources > Consulta), received at `at`,
 * (default now), with a buyer e-mail unique to the run so its deliveries can be told apart. Unshown types are sent as null
 * (Conventions: "a field that has no value is sent as null"), so no target rejects a guess.
 */
export function freshInquiry(c: Check, at: number = Date.now()): ConsultaInput {
  const { fixtures, runId, profile, seed } = c.ctx;
  const generator = createInquiryGenerator({
    seed,
    unshownTypes: 'null',
    ...(fixtures.operador ? { operators: [fixtures.operador] } : {}),
    ...(fixtures.externalId ? { externalIds: [fixtures.externalId] } : {}),
  });
  const inquiry = generator.next(at);
  inquiry.Interesado.Email = `${runId}-comprador@${profile.invitationDomain}`.toLowerCase();
  const parsed = consultaInput('strict').safeParse(inquiry);
  if (!parsed.success) throw new Error(`the generated inquiry is not a valid Consulta: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * What "carries the injected inquiry" means: the same buyer e-mail, make, model and external id, and the same
 * Momento instant (timestamps may be written with another offset, so they are compared parsed).
 */
export function inquiryMismatches(got: ConsultaInput, sent: ConsultaInput): string[] {
  const out: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (!isDeepStrictEqual(a, b)) out.push(`${what} ${JSON.stringify(a)} instead of ${JSON.stringify(b)}`);
  };
  same('Interesado.Email', got.Interesado.Email, sent.Interesado.Email);
  same('Auto.Marca', got.Auto.Marca, sent.Auto.Marca);
  same('Auto.Modelo', got.Auto.Modelo, sent.Auto.Modelo);
  same('Auto.ExternalId', got.Auto.ExternalId, sent.Auto.ExternalId);
  const instant = (v: string) => parseOffsetDateTime(v)?.epochMs;
  if (instant(got.Momento) !== instant(sent.Momento)) out.push(`Momento ${got.Momento} is not the instant ${sent.Momento}`);
  return out;
}

/** Whether any string in the JSON (or its percent-decoded form, for hrefs) contains needle, ignoring case. */
export function mentions(json: unknown, needle: string): boolean {
  const n = needle.toLowerCase();
  const seen = (v: unknown): boolean => {
    if (typeof v === 'string') return v.toLowerCase().includes(n) || decoded(v).toLowerCase().includes(n);
    if (Array.isArray(v)) return v.some(seen);
    if (v && typeof v === 'object') return Object.values(v).some(seen);
    return false;
  };
  return seen(json);
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A short excerpt of a payload, for failure messages. */
export function excerpt(json: unknown, max = 300): string {
  const text = JSON.stringify(json) ?? String(json);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
