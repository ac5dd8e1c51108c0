import { startCaptureServer, type CaptureServer, type Delivery } from '../webhooks/capture-server.ts';
import { verifySignature } from '../webhooks/signature.ts';
import { unreachableBecause, type CaptureReach } from '../sut/capture-reach.ts';
import type { RunDeadline } from '../sut/deadline.ts';
import { inferProfile, provisional, type Inference, type Received, type Receiver } from '../sut/infer/infer.ts';
import { TargetClient } from '../sut/client.ts';
import type { DraftProfile } from '../sut/profile.ts';
import { checkReachable, CredentialsRejectedError, TargetUnreachableError } from '../sut/reachability.ts';
import { secretsOf } from '../sut/secrets.ts';
import { durableJournal } from '../sut/durable-journal.ts';
import { savedLine } from '../sut/webhook-config.ts';
import { runSegment } from '../sut/run-mark.ts';
import { TargetError } from '../support/errors.ts';
import type { TransportSettings } from '../sut/transport.ts';

// What `init` and `run` share: the target checked (exit 3 when no connection can be made or the credentials are
// refused), then every key the profile leaves out inferred from it (sut/infer/), with a capture server of this
// process receiving the webhooks the probing triggers (where the target can reach it) and the simulator's
// signature verifier telling the signing scheme. Whatever the probing changed is put back before this returns.

const received = (d: Delivery): Received => ({ path: d.path, headers: d.headers, raw: Buffer.from(d.rawBodyBase64, 'base64'), json: d.json });

function receiverOf(server: CaptureServer, reach: CaptureReach, runId: string): Receiver {
  const base = reach.publicUrl ?? server.url;
  return {
    url: (name) => `${base}/${runSegment(runId)}/${name}`,
    async wait(predicate, timeoutMs) {
      const all = await server.waitFor((ds) => ds.some((d) => predicate(received(d))), timeoutMs).catch(() => undefined);
      const hit = all?.find((d) => predicate(received(d)));
      return hit ? received(hit) : undefined;
    },
  };
}

export interface InferTargetOptions {
  baseUrl: string;
  draft: DraftProfile;
  timeoutMs: number;
  deadline?: RunDeadline;
  transport?: TransportSettings;
  readOnly: boolean;
  capture: CaptureReach;
  webhookSecret?: string;
  runId: string;
  signal?: AbortSignal;
  /** What the probing has changed and not yet put back, for a second Ctrl-C. */
  track?: (outstanding: () => string[]) => void;
  progress?: (name: string) => void;
  /** Told once of each webhook value saved before the probing changes it, as `<command>: saved …` (savedLine). */
  saved?: { command: string; say: (line: string) => void };
}

/** Exit 3 material first (sut/reachability.ts), with the profile as known so far. */
export async function checkTarget(o: Pick<InferTargetOptions, 'baseUrl' | 'draft' | 'timeoutMs' | 'deadline' | 'transport'>): Promise<void> {
  const client = new TargetClient({
    baseUrl: o.baseUrl,
    profile: provisional(o.draft),
    timeoutMs: o.timeoutMs,
    transport: o.transport,
    secrets: secretsOf(o.draft),
    ...(o.deadline ? { deadline: o.deadline } : {}),
  });
  try {
    await checkReachable(client);
  } catch (error) {
    if (error instanceof TargetUnreachableError || error instanceof CredentialsRejectedError) throw new TargetError(error.message);
    throw error;
  } finally {
    await client.close();
  }
}

export async function inferTarget(o: InferTargetOptions): Promise<Inference> {
  const why = unreachableBecause(o.baseUrl, o.capture);
  const server = why === undefined ? await startCaptureServer({ host: o.capture.host, port: o.capture.port, retain: 1_000 }) : undefined;
  try {
    return await inferProfile({
      baseUrl: o.baseUrl,
      draft: o.draft,
      timeoutMs: o.timeoutMs,
      ...(o.deadline ? { deadline: o.deadline } : {}),
      transport: o.transport,
      readOnly: o.readOnly,
      ...(server ? { receiver: receiverOf(server, o.capture, o.runId) } : {}),
      ...(why ? { receiverWhy: why } : {}),
      // The target's clock may differ from ours: a signature is told by its MAC, not its timestamp.
      verify: (config, headers, raw) => verifySignature(config, headers, raw, { toleranceSec: null }).status === 'valid',
      ...(o.webhookSecret !== undefined ? { webhookSecret: o.webhookSecret } : {}),
      runId: o.runId,
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.track ? { track: (changes) => o.track!(() => changes.outstanding()) } : {}),
      ...(o.progress ? { progress: o.progress } : {}),
      ...(o.saved ? { saved: (s) => o.saved!.say(savedLine(o.saved!.command, s, durableJournal())) } : {}),
    });
  } finally {
    await server?.close();
  }
}
