import { mkdir } from 'node:fs/promises';
import { MiB, readBoundedFile, UnreadableFileError } from '../support/bounded-read.ts';
import path from 'node:path';
import { mergedPage } from '../simulator/load-html.ts';
import { isOperationId, OPERATION_ID_HINT } from '../simulator/operation-ids.ts';
import { MERGED_FILE, MERGED_HTML, mergeLoadFiles as mergeRuns, type Merged } from '../simulator/load-merge.ts';
import { writeFilesAtomic } from '../support/atomic-write.ts';
import { todayIn } from '../models/index.ts';
import { arrivalSpec } from '../simulator/arrival-flags.ts';
import { exportK6 } from '../simulator/k6-export.ts';
import { runLoad, type LoadModel } from '../simulator/load.ts';
import type { LoadResult } from '../simulator/load-result.ts';
import type { Threshold } from '../simulator/thresholds.ts';
import type { Profile } from '../sut/profile.ts';
import { redact } from '../sut/redact.ts';
import { secretsOf } from '../sut/secrets.ts';
import { MixError } from '../simulator/load-target-mix.ts';

import { defaultProfileJson, startEmbedded, type Embedded } from './embedded.ts';
import { type Lease, takeLease } from '../sut/target-lease.ts';
import { DEFAULT_SERVE_PORT } from './serve.ts';
import type { TransportSettings } from '../sut/transport.ts';

export { mergedLines } from '../simulator/load-merge.ts';
export { arrivalSpec, rateFlag } from '../simulator/arrival-flags.ts';
export { parseThreshold, type Threshold } from '../simulator/thresholds.ts';
export type { LoadModel } from '../simulator/load.ts';

// `load` below the CLI: against the target (or the embedded reference server when there is no base URL), or
// written as a k6 script instead of run.

export const DEFAULT_CONNECTIONS = 10;
export const DEFAULT_OPEN_RATE = 100;
export const DEFAULT_MAX_IN_FLIGHT = 100;
/**
 * The arrival model a load asks for: open when a rate or an arrival process is given (connections then cap the
 * requests in flight), closed otherwise (that many connections at full speed).
 */
export function loadModelOf(o: { rate?: number; arrival?: string; connections?: number; durationSec: number }): LoadModel {
  if (o.rate === undefined && o.arrival === undefined) return { kind: 'closed', connections: o.connections ?? DEFAULT_CONNECTIONS };
  const rate = o.rate ?? DEFAULT_OPEN_RATE;
  return { kind: 'open', rate, arrival: arrivalSpec(o.arrival ?? 'constant', rate, o.durationSec * 1000), maxInFlight: o.connections ?? DEFAULT_MAX_IN_FLIGHT };
}

export interface LoadSettings {
  baseUrl?: string;
  profile?: Profile;
  profileJson?: unknown;
  durationSec: number;
  model: LoadModel;
  mixWeights?: Record<string, number>;
  thresholds: Threshold[];
  validateEvery: number;
  seed: number;
  reportDir: string;
  timeoutMs: number;
  /** How to reach the target's network (CAs, proxy, pacing): sut/transport.ts. */
  transport?: TransportSettings;
  /** --export k6 DIR: write a k6 script there instead of running. */
  exportDir?: string;
}

/** A mix names the catalog's GET endpoints with weights: under a KiB; past this a file is no mix. */
const MIX_MAX_BYTES = MiB;

/** A mix file (`load --mix FILE`): a JSON object checked as checkMix checks it. */
export async function readMix(file: string): Promise<Record<string, number>> {
  let json: unknown;
  try {
    json = JSON.parse(await readBoundedFile(file, MIX_MAX_BYTES));
  } catch (error) {
    const why = error instanceof UnreadableFileError ? error.reason : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    throw new MixError(`--mix ${file}: cannot read a JSON object (${why})`);
  }
  return checkMix(`--mix ${file}`, json);
}

/** Endpoint-id weights replacing the default mix: GET endpoint ids of the catalog (or consultas-list variants), each a non-negative number. */
export function checkMix(name: string, json: unknown): Record<string, number> {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new MixError(`${name}: expected a JSON object {"endpoint-id": weight}`);
  for (const [key, weight] of Object.entries(json)) {
    if (!isOperationId(key)) throw new MixError(`${name}: '${key}' is not ${OPERATION_ID_HINT}`);
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)
      throw new MixError(`${name}: the weight of '${key}' must be a non-negative number`);
  }
  return json as Record<string, number>;
}

/**
 * `load --merge`: several runs' load.json merged into one distribution (refused for runs of different arrival
 * models), judged against the thresholds; with a report directory, load-merged.json and load-merged.html written
 * there as a set (never a load run's load.json or load.html).
 */
export async function mergeLoadFiles(files: readonly string[], thresholds: readonly Threshold[], reportDir?: string): Promise<Merged & { report?: string }> {
  const merged = await mergeRuns(files, thresholds);
  if (reportDir === undefined) return merged;
  await mkdir(reportDir, { recursive: true });
  const report = path.join(reportDir, MERGED_HTML);
  await writeFilesAtomic([
    { file: path.join(reportDir, MERGED_FILE), data: `${JSON.stringify(merged, null, 2)}\n` },
    { file: report, data: mergedPage(merged) },
  ]);
  return { ...merged, report };
}

/** Runs the load; without a base URL against the embedded reference server, stopped afterwards. */
export async function executeLoad(s: LoadSettings, signal: AbortSignal, out: (line: string) => void): Promise<{ exitCode: number; result: LoadResult }> {
  let embedded: Embedded | undefined;
  let lease: Lease | undefined;
  try {
    if (!s.baseUrl) embedded = await startEmbedded(s.profileJson !== undefined ? { profileJson: s.profileJson } : {});
    else {
      // Load changes no webhook configuration, but it does not run while another run changes the target, and it
      // puts back first what an unfinished run's journal keeps (issue 27, items 1–2).
      const secrets = secretsOf(s.profile!);
      const runId = `l${Date.now().toString(36)}`;
      const say = (line: string) => out(redact(`load: ${line.replace(/^\w+: /, '')}`, secrets));
      lease = await takeLease({
        baseUrl: s.baseUrl,
        profile: s.profile!,
        runId,
        timeoutMs: s.timeoutMs,
        secrets,
        transport: s.transport,
        command: 'load',
        out: say,
      });
    }
    const result = await runLoad({
      baseUrl: s.baseUrl ?? embedded!.baseUrl,
      profile: embedded ? embedded.profile : s.profile!,
      embedded: embedded !== undefined,
      durationSec: s.durationSec,
      model: s.model,
      ...(s.mixWeights ? { mixWeights: s.mixWeights } : {}),
      thresholds: s.thresholds,
      validateEvery: s.validateEvery,
      seed: s.seed,
      reportDir: s.reportDir,
      timeoutMs: s.timeoutMs,
      transport: s.transport,
      signal,
      out,
    });
    return result;
  } finally {
    lease?.release();
    await embedded?.close();
  }
}

/** --export k6; without --base-url against the embedded server, and the script aims at `serve` (the same data, on its port). */
export async function executeK6Export(s: LoadSettings & { exportDir: string }, out: (line: string) => void): Promise<number> {
  const embedded = s.baseUrl ? undefined : await startEmbedded(s.profileJson !== undefined ? { profileJson: s.profileJson } : {});
  try {
    const profile = embedded ? embedded.profile : s.profile!;
    const today = profile.today ?? todayIn(profile.timeZone);
    await exportK6({
      dir: s.exportDir,
      baseUrl: s.baseUrl ?? embedded!.baseUrl,
      profile,
      profileJson: s.profileJson ?? (await defaultProfileJson()),
      ...(embedded
        ? {
            scriptBaseUrl: `http://127.0.0.1:${DEFAULT_SERVE_PORT}`,
            serveHint: `Exported against the embedded reference server: start it first with \`npx vmp-conformance serve --today ${today}${s.profileJson !== undefined ? ' --profile FILE' : ''}\` (the same data, on port ${DEFAULT_SERVE_PORT}).`,
          }
        : {}),
      timeoutMs: s.timeoutMs,
      transport: s.transport,
      ...(s.mixWeights ? { mixWeights: s.mixWeights } : {}),
      durationSec: s.durationSec,
      model: s.model,
      thresholds: s.thresholds,
      validateEvery: s.validateEvery,
      seed: s.seed,
      out: (line) => out(redact(line, secretsOf(profile))),
    });
    return 0;
  } finally {
    await embedded?.close();
  }
}
