import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { createDispatcher } from '../sut/transport.ts';
import type { InquiryStream, TimedInquiry } from '../generators/inquiry-stream.ts';
import type { TargetClient } from '../sut/client.ts';
import type { SimulationHooks } from '../sut/hooks-profile.ts';
import { clientHooks } from '../sut/hooks/hooks-adapter.ts';
import { lastSegment } from '../sut/discovery.ts';
import type { Ledger } from './ledger.ts';

// Step 2 of `simulate`: replays the stream through the simulation hooks (POST {hooks}/consultas, contract in
// reference/handlers/sim.ts: {"adminMail", "consulta"} → 201 {"sid"} + Location) at the arrival schedule. Sends
// leave at their intended time without waiting for earlier answers (an open model), up to a cap in flight, so
// the stream is pulled one inquiry at a time and memory stays constant in N.

export const MAX_IN_FLIGHT = 64;

/** {simulationHooks} is "relative to the base URL, absolute, or null" (target profile). */
export function hooksUrl(baseUrl: string, hooks: string): string {
  if (/^https?:\/\//i.test(hooks)) return hooks.replace(/\/+$/, '');
  return `${baseUrl.replace(/\/+$/, '')}/${hooks.replace(/^\/+|\/+$/g, '')}`;
}

export interface InjectOptions {
  client: TargetClient;
  hooks: NonNullable<SimulationHooks>;
  agency: string;
  stream: InquiryStream;
  ledger: Ledger;
  timeoutMs: number;
  /** Names what this simulation makes ({{runId}} of the target's own hooks). */
  runId: string;
  signal?: AbortSignal;
  /** Called about once a second with the number sent so far. */
  progress?: (sent: number) => void;
}

/** Makes one inquiry arrive: its sid, or why not. */
type Injector = { inject(consulta: unknown): Promise<{ sid: string } | { problem: string }>; close(): Promise<void> };

/** This tool's hook contract: one pooled agent for every send (MAX_IN_FLIGHT at once), no client per request. */
function builtinInjector(o: InjectOptions, hooks: string): Injector {
  const credentials = new URLSearchParams(o.client.queryFor('primary')).toString();
  const url = `${hooksUrl(o.client.baseUrl, hooks)}/consultas${credentials ? `?${credentials}` : ''}`;
  const headers = { ...o.client.headersFor('primary'), 'content-type': 'application/json' };
  const agent = createDispatcher(o.client.transport, { connections: MAX_IN_FLIGHT, timeoutMs: o.timeoutMs });
  return {
    async inject(consulta) {
      const body = JSON.stringify({ adminMail: o.agency, consulta });
      try {
        const res = await request(url, { method: 'POST', headers, body, dispatcher: agent, signal: AbortSignal.timeout(o.timeoutMs) });
        const text = await res.body.text();
        const sid = res.statusCode === 201 ? sidOf(text, res.headers.location) : undefined;
        return sid ? { sid } : { problem: `POST ${url} answered ${res.statusCode}${res.statusCode === 201 ? ' without a sid' : ''}: ${text.slice(0, 200)}` };
      } catch (error) {
        return { problem: `POST ${url} failed: ${(error as Error).message}` };
      }
    },
    close: () => agent.close().catch(() => undefined),
  };
}

/** The target's own hooks (an HTTP template, a command): each inquiry through the adapter. */
function ownInjector(o: InjectOptions, hooks: NonNullable<SimulationHooks>): Injector {
  const adapter = clientHooks(hooks, o.client, o.runId);
  return {
    async inject(consulta) {
      const answer = await adapter.inquiry({ app: 'primary', adminMail: o.agency, consulta });
      return answer.done ? { sid: answer.sid! } : { problem: `expected ${answer.problem}; got ${answer.res.status ?? answer.res.exchange.error}` };
    },
    close: async () => undefined,
  };
}

/** Sends every inquiry of the stream; resolves when each has been answered (or has failed). */
export async function injectStream(o: InjectOptions): Promise<{ sent: number; lastMomentMs?: number }> {
  const injector = typeof o.hooks === 'string' ? builtinInjector(o, o.hooks) : ownInjector(o, o.hooks);
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let lastProgress = start;
  let sent = 0;
  let lastMomentMs: number | undefined;

  const send = async (item: TimedInquiry): Promise<void> => {
    o.ledger.sent(item.index, item.consulta, performance.now());
    const made = await injector.inject(item.consulta);
    if ('sid' in made) o.ledger.bound(item.index, made.sid);
    else o.ledger.injectionFailed(item.index, made.problem);
  };

  try {
    for await (const item of o.stream) {
      if (o.signal?.aborted) break;
      // Timers can fire early against performance.now() (Node's loop clock is cached): wait until it is time.
      for (let wait = start + item.at - performance.now(); wait >= 1 && !o.signal?.aborted; wait = start + item.at - performance.now()) {
        // An abort ends the wait early (rejecting with AbortError): the loop reads signal.aborted.
        await sleep(wait, undefined, { signal: o.signal }).catch(() => undefined);
      }
      if (o.signal?.aborted) break;
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
      const task = send(item).finally(() => inFlight.delete(task));
      inFlight.add(task);
      sent++;
      lastMomentMs = item.momentMs;
      const now = performance.now();
      if (o.progress && now - lastProgress >= 1000) {
        lastProgress = now;
        o.progress(sent);
      }
    }
    await Promise.all(inFlight);
  } finally {
    await injector.close();
  }
  return { sent, ...(lastMomentMs === undefined ? {} : { lastMomentMs }) };
}

/** The hook contract answers {"sid"}; a Location naming /v3/consultas/{adminMail}/{sid} serves too. */
function sidOf(text: string, location: string | string[] | undefined): string | undefined {
  try {
    const sid = (JSON.parse(text) as { sid?: unknown }).sid;
    if (typeof sid === 'string' && sid !== '') return sid;
  } catch {
    // Not JSON: fall back to Location.
  }
  const loc = Array.isArray(location) ? location[0] : location;
  return loc ? lastSegment(loc) : undefined;
}
