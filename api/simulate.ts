import type { ArrivalSpec } from '../generators/arrivals.ts';
import { runSimulation } from '../simulator/simulate.ts';
import type { SimulationResult } from '../simulator/simulation-result.ts';
import type { CaptureReach } from '../sut/capture-reach.ts';
import type { Profile } from '../sut/profile.ts';
import { startEmbedded, type Embedded } from './embedded.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { secretsOf } from '../sut/secrets.ts';
import { recordingHar } from './har-file.ts';

export { DEFAULT_RESEND_SAMPLE, SimulationSetupError } from '../simulator/simulate.ts';
export type { SimulationResult } from '../simulator/simulation-result.ts';

// `simulate` below the CLI: against the target, or the embedded reference server when there is no base URL.

/** Inquiries per second when no rate is given. */
export const DEFAULT_SIMULATE_RATE = 100;

export interface SimulateSettings {
  baseUrl?: string;
  profile?: Profile;
  profileJson?: unknown;
  inquiries: number;
  arrival: ArrivalSpec;
  seed: number;
  deadlineMs: number;
  resend?: number | 'all';
  reportDir: string;
  /** Write simulation.html beside simulation.json (default true; `start` puts the simulation in its report.html). */
  reportHtml?: boolean;
  timeoutMs?: number;
  capture?: CaptureReach;
  /** How to reach the target's network (CAs, proxy, pacing): sut/transport.ts. */
  transport?: TransportSettings;
  discardUnrestorableWebhooks?: boolean;
  /** Every exchange with the target written there as HAR 1.2, redacted (`simulate --har`). */
  har?: string;
}

/** How a caller stops a simulation (a signal) and learns what it has yet to restore (track). */
export interface SimulationControl {
  signal?: AbortSignal;
  track?: (outstanding: () => string[]) => void;
}

/** Runs one simulation; without a base URL against the embedded reference server, stopped afterwards. */
export async function executeSimulation(
  s: SimulateSettings,
  control: SimulationControl,
  out: (line: string) => void,
): Promise<{ exitCode: number; result: SimulationResult }> {
  return recordingHar(s.har, s.profile ? secretsOf(s.profile) : [], out, () => simulateOn(s, control, out));
}

async function simulateOn(
  s: SimulateSettings,
  control: SimulationControl,
  out: (line: string) => void,
): Promise<{ exitCode: number; result: SimulationResult }> {
  let embedded: Embedded | undefined;
  try {
    if (!s.baseUrl) embedded = await startEmbedded(s.profileJson !== undefined ? { profileJson: s.profileJson } : {});
    return await runSimulation({
      baseUrl: s.baseUrl ?? embedded!.baseUrl,
      profile: embedded ? embedded.profile : s.profile!,
      embedded: embedded !== undefined,
      inquiries: s.inquiries,
      arrival: s.arrival,
      seed: s.seed,
      deadlineMs: s.deadlineMs,
      ...(s.resend !== undefined ? { resend: s.resend } : {}),
      reportDir: s.reportDir,
      ...(s.reportHtml !== undefined ? { reportHtml: s.reportHtml } : {}),
      ...(s.timeoutMs !== undefined ? { timeoutMs: s.timeoutMs } : {}),
      ...(s.capture ? { capture: s.capture } : {}),
      ...(s.transport ? { transport: s.transport } : {}),
      ...(s.discardUnrestorableWebhooks !== undefined ? { discardUnrestorableWebhooks: s.discardUnrestorableWebhooks } : {}),
      ...(control.signal ? { signal: control.signal } : {}),
      ...(control.track ? { track: control.track } : {}),
      out,
    });
  } finally {
    await embedded?.close();
  }
}
