import { setTimeout as sleep } from 'node:timers/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../support/errors.ts';
import { fixtureAgency, prepareTarget } from '../sut/prepare.ts';
import { daysBetween, todayIn } from '../models/index.ts';
import type { ArrivalSpec } from '../generators/arrivals.ts';
import { simulatedInquiries } from '../generators/inquiry-stream.ts';
import { LOCAL_CAPTURE, unreachableBecause, type CaptureReach } from '../sut/capture-reach.ts';
import { TargetClient } from '../sut/client.ts';
import type { Fixtures } from '../sut/discovery.ts';
import type { Profile } from '../sut/profile.ts';
import { redact } from '../sut/redact.ts';
import { secretsOf } from '../sut/secrets.ts';
import { redactFileInPlace } from '../support/atomic-write.ts';
import { signalExitCode } from '../support/signals.ts';
import { toolVersion } from '../support/version.ts';
import { startCaptureServer, type CaptureServer, type Delivery } from '../webhooks/capture-server.ts';
import { adoptInquiries, recentSids } from './existing-inquiries.ts';
import { injectStream } from './inject.ts';
import { Ledger } from './ledger.ts';
import { rootCause } from './problems.ts';
import { checkBySid, checkListed, type ListCheck } from './read-checks.ts';
import { finishResends, resendSample, sendResends } from './resend.ts';
import { DELIVERIES_FILE, latencySummary, SIMULATION_HTML, summaryLines, writeSimulation, type SimulationResult } from './simulation-result.ts';
import { simulationPage } from './simulation-html.ts';
import { pointAtCapture, restoreAll, saveInquiryTopics } from './webhook-setup.ts';
import { describeSnapshot, type WebhookSnapshot } from '../sut/webhook-config.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { transportFacts, transportField, transportLines } from '../sut/transport-notes.ts';

export { SimulationSetupError } from './webhook-setup.ts';

// `vmp-conformance simulate` as a function (issue 6, steps 1–4): capture server, webhook topics pointed at it
// (saved first, restored at the end, also on failure or abort), the stream replayed through the hooks, then every
// inquiry verified — delivered exactly once, to the primary app, in time, carrying the injected inquiry; listed;
// readable by sid; resent — and simulation.json written. Without hooks: observe mode, resends of existing inquiries.

export const DEFAULT_RESEND_SAMPLE = 100;
const DAY_MS = 86_400_000;

export interface SimulationOptions {
  baseUrl: string;
  profile: Profile;
  /** The target is the embedded reference server (reported as such). */
  embedded?: boolean;
  /** Hooks mode: inquiries injected. Observe mode: at most this many existing inquiries resent. */
  inquiries: number;
  arrival: ArrivalSpec;
  seed: number;
  /** A delivery later than this after its send is late; none by the end of the run is lost. */
  deadlineMs: number;
  reportDir: string;
  /**
   * Write simulation.html beside simulation.json (default). `start` says no: its report.html is the run's, with the
   * simulation's section in it.
   */
  reportHtml?: boolean;
  /** How many inquiries to resend (evenly spread), or all. Default DEFAULT_RESEND_SAMPLE. */
  resend?: number | 'all';
  /** Deadline of each API request. Default 5000. */
  timeoutMs?: number;
  /** How to reach the target's network (CAs, proxy, pacing): sut/transport.ts. */
  transport?: TransportSettings;
  /** Where the capture server listens and the URL the target is told to call (default 127.0.0.1, a free port). */
  capture?: CaptureReach;
  /** Discovered fixtures, when the caller has them already (skips discovery). */
  fixtures?: Fixtures;
  out?: (line: string) => void;
  /** Aborting stops sending, restores the webhook configurations and reports what was seen (interrupted). */
  signal?: AbortSignal;
  /** Receives, once topics are saved, what the simulation has changed and not yet restored (for a second signal). */
  track?: (outstanding: () => string[]) => void;
  /** Change configured topics even where their restore would lose something (default: leave them untouched). */
  discardUnrestorableWebhooks?: boolean;
}

/** Polls until `settled(now)` holds or the signal aborts, then waits `graceMs` more for late duplicates. */
async function settle(settled: (now: number) => boolean, graceMs: number, signal?: AbortSignal): Promise<void> {
  // An abort ends a wait early (rejecting with AbortError): the loop reads signal.aborted.
  const wait = (ms: number) => sleep(ms, undefined, { signal }).catch(() => undefined);
  while (!signal?.aborted && !settled(performance.now())) await wait(25);
  await wait(graceMs);
}

/** Epoch ms that the target reads as "now": the clock, moved to the profile's fixed today when it has one. */
function targetNow(profile: Profile): number {
  const now = Date.now();
  return profile.today ? now + daysBetween(todayIn(profile.timeZone), profile.today) * DAY_MS : now;
}

/**
 * Runs one simulation against a started target. Throws a TargetError (exit 3) when the target is
 * unreachable or rejects the credentials, a VmpError (exit 1) when no agency of the primary app is known,
 * and SimulationSetupError (exit 1) when the primary app's topic cannot be pointed at the capture server;
 * otherwise resolves with the exit code (0 pass, 1 a failing kind or a failed restore, 128 + n interrupted by signal n) and the
 * result, also written to {reportDir}/simulation.json.
 */
export async function runSimulation(o: SimulationOptions): Promise<{ exitCode: number; result: SimulationResult }> {
  const startedAt = new Date();
  const secrets = secretsOf(o.profile);
  const say = o.out ?? (() => undefined);
  // No console line shows a secret, whatever a target's answer or a message quotes.
  const out = (line: string) => say(redact(line, secrets));
  const timeoutMs = o.timeoutMs ?? 5_000;
  for (const line of transportLines(transportFacts(o.transport, o.baseUrl))) out(`simulate: ${line}`);
  const clientOptions = { baseUrl: o.baseUrl, profile: o.profile, timeoutMs, secrets, transport: o.transport };
  const fixtures = o.fixtures ?? (await prepareTarget(new TargetClient(clientOptions)));
  const agency = fixtureAgency(fixtures, 'simulate');
  const client = new TargetClient(clientOptions);
  const hooks = o.profile.simulationHooks;
  const mode = hooks === null ? 'observe' : 'hooks';
  const pointer = o.profile.webhooks.consultaPointer;
  await mkdir(o.reportDir, { recursive: true });

  const existing = mode === 'observe' ? await recentSids(client, agency, o.inquiries) : undefined;
  const ledger = new Ledger({
    capacity: existing?.sids.length ?? o.inquiries,
    deadlineMs: o.deadlineMs,
    consultaPointer: pointer,
    signed: o.profile.webhooks.signature !== null,
  });
  const receipts = new Map<number, number>();
  const captureFile = path.join(o.reportDir, DELIVERIES_FILE);
  const reach = o.capture ?? LOCAL_CAPTURE;
  // A tunnel that keeps the --callback-url's path delivers to {path}/primary: the ledger reads /primary.
  const prefix = reach.publicUrl ? new URL(reach.publicUrl).pathname.replace(/\/+$/, '') : '';
  const underCallback = (d: Delivery): Delivery => (prefix && d.path.startsWith(`${prefix}/`) ? { ...d, path: d.path.slice(prefix.length) } : d);
  const capture: CaptureServer = await startCaptureServer({
    host: reach.host,
    port: reach.port,
    out: captureFile,
    // A process crash loses at most unacknowledged deliveries either way; fdatasync would only slow the run.
    durability: 'write',
    retain: 0,
    consultaPointer: pointer,
    signature: o.profile.webhooks.signature,
    // Stamped when the body is complete, before the JSONL write, so disk time is not counted as latency.
    latencyOf: (d) => {
      receipts.set(d.seq, performance.now());
      return undefined;
    },
    onDelivery: (d) => {
      const at = receipts.get(d.seq) ?? performance.now();
      receipts.delete(d.seq);
      ledger.record(underCallback(d), at);
    },
  }).catch(async (error: unknown) => {
    await client.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new UsageError(`--capture-listen ${reach.host}:${reach.port}: cannot listen there (${code})`);
    }
    throw error;
  });
  out(
    `simulate: target ${o.baseUrl}${o.embedded ? ' (embedded reference server)' : ''}; agency ${agency}; mode ${mode === 'hooks' ? `hooks (${typeof hooks === 'string' ? hooks : "the target's own: simulationHooks.inquiry"})` : 'observe (simulationHooks: null)'}`,
  );
  const callbackBase = reach.publicUrl ?? capture.url;
  const via = reach.publicUrl ? `, called back at ${reach.publicUrl}` : '';
  out(`simulate: capture server ${capture.url}${via} (/primary, /other); deliveries appended to ${captureFile}`);
  const unreachable = unreachableBecause(o.baseUrl, reach);
  if (unreachable) out(`simulate: warning: ${unreachable}`);

  let sent = 0;
  let list: ListCheck | undefined;
  let bySid: { checked: number; ok: number } | undefined;
  let resent: number[] = [];
  let restore: SimulationResult['restore'] = { ok: true };
  const grace = Math.min(o.deadlineMs, 500);
  let snapshots: WebhookSnapshot[] = [];
  let putBack = false;
  try {
    const topics = await saveInquiryTopics(client, o.profile.topics.inquiry, o.discardUnrestorableWebhooks ?? false, out);
    snapshots = topics.snapshots;
    o.track?.(() => (putBack ? [] : snapshots.map((snapshot) => redact(describeSnapshot(snapshot), secrets))));
    await pointAtCapture(client, callbackBase, o.profile.topics.inquiry, topics.pointOther, out);
    if (mode === 'hooks') {
      const startEpochMs = targetNow(o.profile);
      const stream = simulatedInquiries({
        seed: o.seed,
        arrival: o.arrival,
        count: o.inquiries,
        startEpochMs,
        inquiry: { ...(fixtures.operador ? { operators: [fixtures.operador] } : {}), ...(fixtures.externalId ? { externalIds: [fixtures.externalId] } : {}) },
      });
      out(`simulate: injecting ${o.inquiries} inquiries (${describeArrival(o.arrival)}, seed ${o.seed}, deadline ${o.deadlineMs} ms)`);
      const injected = await injectStream({
        client,
        hooks: hooks!,
        runId: `sim${startedAt.getTime().toString(36)}`,
        agency,
        stream,
        ledger,
        timeoutMs,
        ...(o.signal ? { signal: o.signal } : {}),
        progress: (n) => out(`simulate: sent ${n}/${o.inquiries}, delivered ${ledger.delivered()}`),
      });
      sent = injected.sent;
      await settle((now) => ledger.injectSettled(now), grace, o.signal);
      if (!o.signal?.aborted) {
        const tz = o.profile.timeZone;
        list = await checkListed(client, agency, ledger, {
          desde: todayIn(tz, new Date(startEpochMs)),
          hasta: todayIn(tz, new Date(injected.lastMomentMs ?? startEpochMs)),
        });
        const checked = countBound(ledger);
        bySid = { checked, ok: await checkBySid(client, agency, ledger, o.signal) };
      }
    } else {
      if (existing?.error) out(`simulate: ${existing.error}`);
      out(`simulate: observe mode: ${existing!.sids.length} inquiries of ${agency} received since ${existing!.desde} will be resent`);
      bySid = { checked: existing!.sids.length, ok: await adoptInquiries(client, agency, ledger, existing!.sids) };
      sent = existing!.sids.length;
    }
    if (!o.signal?.aborted) {
      resent = resendSample(ledger, mode === 'observe' ? 'all' : (o.resend ?? DEFAULT_RESEND_SAMPLE));
      await sendResends(client, agency, ledger, resent, o.signal);
      await settle((now) => ledger.resendSettled(now), grace, o.signal);
    }
  } finally {
    restore = await restoreAll(client, snapshots, out);
    putBack = restore.ok;
    await capture.close();
    // Recorded byte for byte as they came; a target that echoes a credential in a payload gets it redacted here.
    await redactFileInPlace(captureFile, (line) => redact(line, secrets));
    await client.close();
  }
  ledger.finishInject();
  ledger.finishMisrouted();
  const resendOk = finishResends(ledger, pointer, o.deadlineMs).ok;

  const failing = ledger.problems.failing();
  const countsByPhase = ledger.problems.countsByPhase();
  const cause = rootCause(countsByPhase, { inject: ledger.count, read: ledger.count, resend: resent.length });
  const interrupted = o.signal?.aborted ?? false;
  // Stopped by a signal (its name the abort's reason, cli/interrupt.ts): 128 + its number, as a shell says it.
  const exitCode = interrupted ? signalExitCode(String(o.signal?.reason)) : failing.length > 0 || !restore.ok ? 1 : 0;
  const result: SimulationResult = {
    tool: { name: 'vmp-conformance', version: toolVersion() },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    target: { baseUrl: o.baseUrl, embedded: o.embedded ?? false, ...transportField(o.transport, o.baseUrl) },
    mode,
    agency,
    seed: o.seed,
    ...(mode === 'hooks' ? { arrival: o.arrival } : {}),
    deadlineMs: o.deadlineMs,
    inquiries: {
      requested: o.inquiries,
      sent,
      injected: mode === 'hooks' ? countBound(ledger) : sent,
      delivered: mode === 'hooks' ? ledger.delivered() : [...ledger.resends.values()].filter((r) => r.deliveries.length > 0).length,
    },
    capture: {
      url: capture.url,
      file: captureFile,
      received: ledger.received,
      unattributed: ledger.unattributed,
      unattributedExamples: ledger.unattributedExamples,
      forged: ledger.forged,
    },
    latency: latencySummary(ledger.latency),
    resend: {
      requested: mode === 'observe' ? 'all' : (o.resend ?? DEFAULT_RESEND_SAMPLE),
      sent: resent.length,
      ok: resendOk,
      latency: latencySummary(ledger.resendLatency),
    },
    ...(list ? { list } : {}),
    ...(bySid ? { bySid } : {}),
    counts: ledger.problems.countsByKind(),
    countsByPhase,
    ...(cause ? { rootCause: cause } : {}),
    timeline: ledger.timeline(),
    ...(ledger.resendsFrom() !== undefined ? { resendsFromSec: ledger.resendsFrom()! } : {}),
    problems: ledger.problems.items(),
    failing,
    restore,
    interrupted,
    exitCode,
  };
  for (const line of summaryLines(result)) out(line);
  const file = await writeSimulation(result, o.reportDir, secrets, o.reportHtml === false ? undefined : simulationPage);
  const verdict = interrupted ? 'INTERRUPTED' : exitCode === 0 ? 'PASS' : `FAIL (${[...failing, ...(restore.ok ? [] : ['restore'])].join(', ')})`;
  out(`simulate: ${verdict} — ${file}${o.reportHtml === false ? '' : `, ${path.join(o.reportDir, SIMULATION_HTML)}`}`);
  return { exitCode, result };
}

function countBound(ledger: Ledger): number {
  let n = 0;
  for (let i = 0; i < ledger.count; i++) if (ledger.sidOf(i) !== undefined) n++;
  return n;
}

export function describeArrival(a: ArrivalSpec): string {
  const rate = `${a.ratePerSec}/s`;
  if (a.kind === 'constant') return `constant ${rate}`;
  if (a.kind === 'poisson') return `Poisson, mean ${rate}`;
  if (a.kind === 'diurnal') return `diurnal curve, mean ${rate}, a day in ${Math.round((a.dayLengthMs ?? DAY_MS) / 1000)} s`;
  return `bursts of ${rate} for ${a.onMs} ms every ${a.onMs + a.offMs} ms`;
}
