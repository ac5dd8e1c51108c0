import { isDeepStrictEqual } from 'node:util';
import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { consultaInput, parseOffsetDateTime, type ConsultaInput } from '../../models/index.ts';
import { endpointRequest } from '../../sut/call.ts';
import type { SendRequest, TargetResponse } from '../../sut/client.ts';
import { hooksAdapter, type HookAnswer, type HooksAdapter } from '../../sut/hooks/hooks-adapter.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Check } from '../harness/check.ts';
import type { RunContext } from '../harness/context.ts';

// The simulation hooks (profile key simulationHooks, docs/simulation-hooks.md): this tool's contract under a base,
// or the target's own HTTP template or command (sut/hooks/). Each makes an inquiry arrive or completes a
// registration as the calling app; what they answer is a set-up, never judged here. Never {hooks}/reset.

/**
 * The target's own hooks (a template or a command) say what they did, and a check that reads an inquiry they only
 * said they made would fail the target for the hook's fault: the run reads each one back by sid, as the app that
 * asked, before relying on it. Not readable is the hook's claim not borne out — a precondition not met, the checks
 * that needed it skip naming the hook — never a failure of a rule. This tool's own contract is the target's
 * (docs/simulation-hooks.md: the inquiry is "readable by sid" once it answers 201), and its rules judge it.
 */
function readBack(adapter: HooksAdapter, send: (req: SendRequest) => Promise<TargetResponse>): HooksAdapter {
  return {
    ...adapter,
    async inquiry(order) {
      const answer = await adapter.inquiry(order);
      if (!answer.done) return answer;
      const read = await send({
        ...endpointRequest('consultas-get', { params: { adminMail: order.adminMail, sid: answer.sid! }, form: 'json' }),
        app: order.app,
      });
      if (read.status === 200) return answer;
      const got = read.status ?? read.exchange.error;
      return {
        done: false,
        problem: `${adapter.describe} to make the inquiry it named, ${answer.sid}, readable by sid as app ${order.app}; GET /v3/consultas/${order.adminMail}/${answer.sid} answered ${got}: the hook said it made an inquiry it did not make (check the hook)`,
        res: read,
      };
    },
  };
}

/** The run's hooks, sending as `send` does (a check's requests are recorded with it). */
export function runHooks(ctx: RunContext, send: (req: SendRequest) => Promise<TargetResponse>): HooksAdapter {
  const hooks = ctx.profile.simulationHooks;
  if (hooks === null) throw new Error('the profile has no simulation hooks');
  const adapter = hooksAdapter(hooks, {
    baseUrl: ctx.baseUrl,
    profile: ctx.profile,
    timeoutMs: ctx.timeoutMs,
    maxBodyBytes: ctx.maxBodyBytes,
    secrets: ctx.secrets,
    ...(ctx.transport ? { transport: ctx.transport } : {}),
    runId: ctx.runId,
    send,
  });
  return typeof hooks === 'string' ? adapter : readBack(adapter, send);
}

const checkHooks = (c: Check): HooksAdapter => {
  c.givenPresent(c.ctx.profile.simulationHooks, 'simulation hooks in the profile');
  return runHooks(c.ctx, (req) => c.sendRaw(req));
};

/** Whether the hooks give a created inquiry's URI (the built-in contract's Location; a template or command may give a sid only). */
export const hooksGiveLocation = (c: Check): boolean => checkHooks(c).givesLocation;

/** Makes an inquiry arrive for `adminMail` through the hooks, as `app`; the answer, done or not. */
export const tryHookInquiry = (c: Check, adminMail: string, consulta: ConsultaInput, app: AppName = 'primary'): Promise<HookAnswer> =>
  checkHooks(c).inquiry({ app, adminMail, consulta });

/** Completes the invitation of `adminMail` through the hooks, as the primary app; the answer, done or not. */
export const tryHookRegistration = (c: Check, adminMail: string, app: AppName = 'primary'): Promise<HookAnswer> =>
  checkHooks(c).registration({ app, adminMail });

/** A precondition: the hook did what was asked, else the check skips naming why (its evidence kept). */
export function givenDone(c: Check, answer: HookAnswer): void {
  c.given(answer.done, answer.problem ?? 'the hook to succeed', answer.res);
}

/** Makes an inquiry arrive through the hooks (a precondition: skips when they do not); its sid, URI if given, and evidence. */
export async function hookInquiry(c: Check, adminMail: string, consulta: ConsultaInput): Promise<{ sid: string; location?: string; res: TargetResponse }> {
  const answer = await tryHookInquiry(c, adminMail, consulta);
  givenDone(c, answer);
  return { sid: answer.sid!, ...(answer.location !== undefined ? { location: answer.location } : {}), res: answer.res };
}

/** Completes a registration through the hooks (a precondition: skips when they do not); the evidence. */
export async function hookRegistration(c: Check, adminMail: string): Promise<TargetResponse> {
  const answer = await tryHookRegistration(c, adminMail);
  givenDone(c, answer);
  return answer.res;
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
