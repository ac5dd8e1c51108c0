import { firstDifference } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import type { TargetClient } from '../sut/client.ts';
import { pointerText } from '../sut/json-pointer.ts';
import { eachLimit } from './each-limit.ts';
import { recordMs } from './histogram.ts';
import type { Ledger } from './ledger.ts';

// Step 3 of `simulate`, the resend: POST /v3/consultas/{adminMail}/{sid}/resendwebhook "202 with header
// Location (URI of the webhook callback); the body carries the webhook payload that was sent". So a resend
// must answer 202 with a Location and a payload carrying the inquiry, and the capture must then receive that
// payload, exactly once, at the primary app's URL.

export const RESEND_CONCURRENCY = 8;

/** `count` indices spread evenly over the inquiries that have a sid (all of them when count ≥ their number). */
export function resendSample(ledger: Ledger, count: number | 'all'): number[] {
  const bound: number[] = [];
  for (let i = 0; i < ledger.count; i++) if (ledger.sidOf(i) !== undefined) bound.push(i);
  if (count === 'all' || count >= bound.length) return bound;
  if (count <= 0) return [];
  const step = bound.length / count;
  return Array.from({ length: count }, (_, k) => bound[Math.floor(k * step)]!);
}

/** Sends the resends; the deliveries they cause are attributed by the ledger (its phase is 'resend' from here). */
export async function sendResends(client: TargetClient, agency: string, ledger: Ledger, indices: readonly number[], signal?: AbortSignal): Promise<void> {
  ledger.phase = 'resend';
  await eachLimit(
    indices,
    RESEND_CONCURRENCY,
    async (index) => {
      const sid = ledger.sidOf(index)!;
      const record = ledger.resendStarted(index, performance.now());
      const res = await callEndpoint(client, 'consultas-resend', { params: { adminMail: agency, sid } });
      if (res.status === undefined) record.error = `POST ${res.exchange.url} failed: ${res.error?.message ?? 'no response'}`;
      else record.status = res.status;
      if (res.headers.location) record.location = res.headers.location;
      record.payload = res.json;
    },
    signal,
  );
}

/** Judges every resend once its deliveries have had their deadline. */
export function finishResends(ledger: Ledger, consultaPointer: string | null, deadlineMs: number): { ok: number } {
  let ok = 0;
  for (const [index, r] of ledger.resends) {
    const sid = ledger.sidOf(index);
    let failed = false;
    const add = (kind: 'lost' | 'duplicated' | 'late' | 'mismatched' | 'resend-failed', detail: string) => {
      if (kind !== 'late') failed = true;
      ledger.problems.add({ kind, phase: 'resend', index, ...(sid === undefined ? {} : { sid }), detail });
    };
    if (r.status !== 202) {
      add('resend-failed', r.error ?? `resendwebhook answered ${r.status}, not 202`);
      continue;
    }
    if (!r.location) add('resend-failed', 'resendwebhook answered 202 without a Location header');
    const returned = ledger.consultaOf(r.payload, index);
    const carried =
      r.payload === undefined
        ? 'the 202 body is empty or not JSON'
        : ledger.contentProblem(index, returned, `the 202 body's Consulta (${pointerText(consultaPointer)})`);
    if (carried) add('mismatched', carried);
    const [first, ...again] = r.deliveries;
    if (!first) {
      add('lost', 'the resent payload was not delivered to the primary app');
      continue;
    }
    if (again.length > 0) add('duplicated', `${r.deliveries.length} deliveries of the resent payload`);
    const latency = Math.max(0, first.receivedAt - r.sentAt);
    recordMs(ledger.resendLatency, latency);
    if (latency > deadlineMs) add('late', `resent payload delivered after ${Math.round(latency)} ms (deadline ${deadlineMs} ms)`);
    const diff = firstDifference(r.payload, first.json);
    if (diff !== undefined) add('mismatched', `delivery #${first.seq} is not the payload resendwebhook returned: ${diff}`);
    if (!failed) ok++;
  }
  return { ok };
}
