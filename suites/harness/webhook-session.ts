import { afterAll } from 'vitest';
import { startCaptureServer, type CaptureServer, type Delivery } from '../../webhooks/capture-server.ts';
import { callEndpoint } from '../../sut/call.ts';
import type { TargetClient, TargetResponse } from '../../sut/client.ts';
import { unreachableBecause } from '../../sut/capture-reach.ts';
import type { AppName } from '../../sut/profile.ts';
import { fillTemplate } from '../../sut/templates.ts';
import { holdUntilCheckEnds, oneAtATime } from './check-scope.ts';
import { runContext, targetClient, type RunContext } from './context.ts';
import { DurableJournal, durableJournal, useDurableJournal } from '../../sut/durable-journal.ts';
import { runSegment } from '../../sut/run-mark.ts';
import { assertUsersValue } from '../../sut/target-lease.ts';
import { journal } from '../../sut/webhook-journal.ts';
import { assertTouchable, restoreWebhookConfigs, saveWebhookConfig, type WebhookSnapshot } from './webhook-config.ts';
import { runCounter } from './run-counter.ts';

// What a suite that changes webhook configurations shares: a receiver for callbacks, the configurations it
// saved before touching them, and an afterAll that puts them back (issue 4, Safety) even when a check failed.
// Everything starts lazily, on the first check that needs it, so a filtered or read-only run touches nothing.

export interface WebhookSession {
  /**
   * Saves the configuration of (app, topic) the first time it is asked for; call before changing it. Throws
   * UnrestorableWebhookError (the calling check skips with its message) when the topic is configured and could
   * not be put back faithfully, unless the run accepts that loss (--discard-unrestorable-webhooks).
   */
  guard(app: AppName, topic: string): Promise<void>;
  /** Why the target's deliveries cannot reach the receiver (a target elsewhere, no --callback-url), or undefined. */
  unreachable(): string | undefined;
  /**
   * The suite's own capture server, started on first use where the run's capture settings say, as the checks
   * see it: only the target's deliveries (genuine()), so a forged one never satisfies a check (issue 22, defect 7).
   */
  receiver(): Promise<CaptureServer>;
  /** Why deliveries that match were not taken: `; 2 deliveries … without a valid signature (forged: #4, #9)`, or ''. */
  forgedNote(predicate: (d: Delivery) => boolean): Promise<string>;
  /** The first delivery that satisfies predicate, already received or arriving within timeoutMs. */
  waitForDelivery(predicate: (d: Delivery) => boolean, timeoutMs: number): Promise<Delivery | undefined>;
  /** A callback URL under the run's --callback-url, or else under the receiver's own address: `${base}/${name}`. */
  callbackUrl(name: string): Promise<string>;
  /** An AppWebhookUpsert body from the profile's template, pointing at url. */
  upsertBody(url: string): Record<string, unknown>;
  /** Points (app, topic) at url: PUT, or POST when the topic is not configured. Guards it first (see guard). */
  configure(app: AppName, topic: string, url: string): Promise<TargetResponse>;
  /** Adds a clean-up step that runs in afterAll before the configurations are restored. */
  onCleanup(step: () => Promise<void>): void;
}

/**
 * After a delivery arrived, how long to keep listening for duplicates and misrouted copies (docs/performance.md:
 * shorter would weaken what the delivery checks catch on a slower server).
 */
export const DELIVERY_SETTLE_MS = 500;

const nextSession = runCounter();
const WEBHOOK_CONFIGURATIONS = 'webhook configurations';

/**
 * Whether a delivery is the target's: any, when the profile declares no signing scheme; otherwise only one whose
 * signature verifies. Anyone who can reach the capture server can post to it (--capture-listen 0.0.0.0:…).
 */
export const genuine = (d: Delivery): boolean => d.signature === 'valid' || d.signature === 'not-configured';

/** The capture server with the deliveries that are not the target's left out of what the checks read. */
function genuineOnly(server: CaptureServer): CaptureServer {
  return {
    ...server,
    deliveries: () => server.deliveries().filter(genuine),
    waitFor: async (predicate, timeoutMs) => (await server.waitFor((ds) => predicate(ds.filter(genuine)), timeoutMs)).filter(genuine),
  };
}

/** This worker's writer of the run's durable journal, made on first use (one per run). */
function workerJournal(ctx: RunContext): DurableJournal | undefined {
  if (!ctx.journal) return undefined;
  const current = durableJournal();
  if (current?.place.runId === ctx.journal.runId) return current;
  const made = new DurableJournal(ctx.journal);
  useDurableJournal(made);
  return made;
}

/** Declares the session of one suite file; must be called at the top level of the file (it registers afterAll). */
export function webhookSession(): WebhookSession {
  const snapshots = new Map<string, Promise<WebhookSnapshot>>();
  /** The snapshots of topics this session may change, journaled (webhook-journal.ts) before the first change. */
  const touched = new Map<string, WebhookSnapshot>();
  const sessionId = `s${nextSession(runContext().runId)}`;
  const extras: (() => Promise<void>)[] = [];
  let receiver: Promise<CaptureServer> | undefined;
  let view: Promise<CaptureServer> | undefined;
  const client = (): TargetClient => targetClient();
  const ownReceiver = (): Promise<CaptureServer> => {
    const { profile, capture } = runContext();
    receiver ??= startCaptureServer({
      port: capture.port,
      host: capture.host,
      consultaPointer: profile.webhooks.consultaPointer,
      signature: profile.webhooks.signature,
    });
    view ??= receiver.then(genuineOnly);
    return view;
  };

  afterAll(async () => {
    const errors: string[] = [];
    for (const extra of extras) await extra().catch((e: Error) => errors.push(e.message));
    await Promise.allSettled(snapshots.values());
    const { runId, confirmedByMain } = runContext();
    const { restored, failed } = await restoreWebhookConfigs(client().restoring(), [...touched.values()], { runId });
    for (const [key, snapshot] of touched) if (restored.includes(snapshot)) journal({ runId, kind: 'restored', key: `${sessionId}\u0000${key}` });
    if (!confirmedByMain) errors.push(...failed.map((f) => f.error));
    if (receiver) await (await receiver).close().catch((e: Error) => errors.push(e.message));
    if (errors.length > 0) throw new Error(`webhook session cleanup: ${errors.join('; ')}`);
  });

  /** Saves (app, topic) the first time, and journals it before its first change (see guard). */
  const save = async (app: AppName, topic: string): Promise<void> => {
    const key = `${app}\u0000${topic}`;
    let saved = snapshots.get(key);
    if (!saved) {
      saved = saveWebhookConfig(client(), app, topic);
      snapshots.set(key, saved);
      // A failed save must not be retried into a snapshot of our own changes: keep the rejection.
      saved.catch(() => undefined);
    }
    const fresh = await saved;
    const ctx = runContext();
    const { runId, discardUnrestorableWebhooks } = ctx;
    assertTouchable(fresh, discardUnrestorableWebhooks);
    if (!touched.has(key)) {
      // On disk before the change (issue 27, item 1); a topic the run journaled already keeps its first snapshot,
      // and a value of another run is never saved as the user's (item 2).
      const durable = workerJournal(ctx);
      const vet = (s: WebhookSnapshot) => assertUsersValue(s, runId);
      if (!durable) vet(fresh);
      const snapshot = durable ? durable.save(fresh, runId, ctx.profile, vet) : fresh;
      touched.set(key, snapshot);
      journal({ runId, kind: 'saved', key: `${sessionId}\u0000${key}`, snapshot });
    }
  };

  const session: WebhookSession = {
    async guard(app, topic) {
      // The app's webhook configurations are shared by every check: one check at a time changes them.
      await holdUntilCheckEnds(WEBHOOK_CONFIGURATIONS);
      await save(app, topic);
    },
    unreachable() {
      const { baseUrl, capture } = runContext();
      return unreachableBecause(baseUrl, capture);
    },
    receiver: ownReceiver,
    async forgedNote(predicate) {
      if (!receiver) return '';
      const forged = (await receiver).deliveries().filter((d) => !genuine(d) && predicate(d));
      if (forged.length === 0) return '';
      const which = forged.slice(0, 5).map((d) => `#${d.seq} ${d.signature === 'absent' ? 'unsigned' : `signature ${d.signature}`}`);
      return `; ${forged.length} matching deliver${forged.length === 1 ? 'y' : 'ies'} carried no valid ${runContext().profile.webhooks.signature?.scheme ?? ''} signature and were not taken for the target's (forged: ${which.join(', ')})`;
    },
    async waitForDelivery(predicate, timeoutMs) {
      const server = await session.receiver();
      // Not past the run's deadline: a check still waiting then is cut short like one waiting for an answer.
      const deadline = runContext().deadline;
      const wait = deadline ? Math.max(0, Math.min(timeoutMs, deadline.at - Date.now())) : timeoutMs;
      const all = await server.waitFor((ds) => ds.some(predicate), wait).catch(() => undefined);
      return all?.find(predicate);
    },
    async callbackUrl(name) {
      const { capture, runId } = runContext();
      const base = capture.publicUrl ?? (await ownReceiver()).url;
      return `${base}/${runSegment(runId)}/${name}`;
    },
    upsertBody(url) {
      const ctx = runContext();
      return fillTemplate(ctx.profile.templates.webhookUpsert, { url, runId: ctx.runId });
    },
    async configure(app, topic, url) {
      // Checks pointing the topic at the same URL hold the configurations together; one configures at a time
      // (PUT, or POST where not configured: two at once would both POST).
      await holdUntilCheckEnds(WEBHOOK_CONFIGURATIONS, `${app}\u0000${topic}\u0000${url}`);
      return oneAtATime(WEBHOOK_CONFIGURATIONS, async () => {
        await save(app, topic);
        const params = { topic };
        const json = session.upsertBody(url);
        const put = await callEndpoint(client(), 'appnotificaciones-put', { app, params, json });
        if (put.status !== 404) return put;
        return callEndpoint(client(), 'appnotificaciones-post', { app, params, json });
      });
    },
    onCleanup(step) {
      extras.push(step);
    },
  };
  return session;
}
