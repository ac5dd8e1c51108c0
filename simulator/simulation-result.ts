import type { TransportFacts } from '../sut/transport-notes.ts';
import { mkdir } from 'node:fs/promises';
import { writeFilesAtomic } from '../support/atomic-write.ts';
import path from 'node:path';
import type { ArrivalSpec } from '../generators/arrivals.ts';
import { redact, redactDeep } from '../sut/redact.ts';
import { encodeHistogram, percentilesMs, type EncodedHistogram, type LatencyHistogram, type Percentiles } from './histogram.ts';
import type { Phase, Problem, ProblemKind } from './problems.ts';
import type { ListCheck } from './read-checks.ts';

// simulation.json: everything a simulation found, by inquiry, with its latency distributions as HDR histograms
// (base64) so they can be merged or re-read with any HdrHistogram tool.

export const SIMULATION_FILE = 'simulation.json';
export const DELIVERIES_FILE = 'deliveries.jsonl';
/** simulate's page: named for the command, so that it never replaces a run's report.html in the same directory (issue 29 §3). */
export const SIMULATION_HTML = 'simulation.html';

export interface LatencySummary {
  /** Milliseconds. */
  percentiles: Percentiles;
  histogram: EncodedHistogram;
}

export interface SimulationResult {
  tool: { name: 'vmp-conformance'; version: string };
  startedAt: string;
  durationMs: number;
  target: { baseUrl: string; embedded: boolean; transport?: TransportFacts };
  /** hooks: a generated stream injected through the simulation hooks; observe: resends of existing inquiries. */
  mode: 'hooks' | 'observe';
  agency: string;
  seed: number;
  arrival?: ArrivalSpec;
  deadlineMs: number;
  inquiries: { requested: number; sent: number; injected: number; delivered: number };
  /** forged: deliveries without a valid signature where the profile declares a scheme (none is attributed). */
  capture: { url: string; file: string; received: number; unattributed: number; unattributedExamples: string[]; forged: number };
  /** From the moment each inquiry was sent to its first delivery (hooks mode). */
  latency: LatencySummary;
  resend: { requested: number | 'all'; sent: number; ok: number; latency: LatencySummary };
  list?: ListCheck;
  bySid?: { checked: number; ok: number };
  /** Problems of every step, added up (the failing kinds). */
  counts: Record<ProblemKind, number>;
  /** The same per step: the injected stream's, the reads' and the resends' are never added up in what a person reads. */
  countsByPhase: Record<Phase, Record<ProblemKind, number>>;
  /** What explains the failure, one line (problems.ts rootCause); absent when nothing failed. */
  rootCause?: string;
  /** Inquiries sent and deliveries received per second since the first send; `resent`: those while resendwebhook was checked. */
  timeline: { second: number; sent: number; received: number; resent?: number }[];
  /** Seconds from the first send to the first resendwebhook. */
  resendsFromSec?: number;
  /** Capped per kind (counts are complete). */
  problems: Problem[];
  failing: ProblemKind[];
  restore: { ok: boolean; error?: string };
  interrupted: boolean;
  exitCode: number;
}

export function latencySummary(h: LatencyHistogram): LatencySummary {
  return { percentiles: percentilesMs(h), histogram: encodeHistogram(h) };
}

const ms = (v: number) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);

export function percentileLine(p: Percentiles): string {
  if (p.count === 0) return 'no samples';
  return `p50 ${ms(p.p50)}, p90 ${ms(p.p90)}, p99 ${ms(p.p99)}, p99.9 ${ms(p.p99_9)}, max ${ms(p.max)} (n=${p.count})`;
}

const deliveryCounts = (c: Record<ProblemKind, number>) =>
  `lost ${c.lost}, duplicated ${c.duplicated}, late ${c.late}, misrouted ${c.misrouted}, mismatched ${c.mismatched}`;

/**
 * The console summary: the root cause first (issue 23 §2), then each step with its own counts (an injected
 * inquiry and a resend are never added up), the first problems by inquiry, latency percentiles.
 */
export function summaryLines(r: SimulationResult, shown = 20): string[] {
  const c = r.counts;
  const byPhase = r.countsByPhase;
  const lines = [
    ...(r.rootCause ? [`simulate: root cause: ${r.rootCause}`] : []),
    `simulate: ${r.inquiries.delivered}/${r.inquiries.injected} ${r.mode === 'hooks' ? 'injected inquiries delivered' : 'existing inquiries resent'}; ${deliveryCounts(byPhase.inject)}`,
  ];
  if (r.mode === 'hooks') lines.push(`simulate: delivery latency (from send): ${percentileLine(r.latency.percentiles)}`);
  if (r.list) {
    const l = r.list;
    lines.push(
      `simulate: list: ${l.listed} found in ${l.pages} page(s)${l.complete ? '' : ` (incomplete${l.error ? `: ${l.error}` : ': over 99 pages'})`}; not listed ${c['not-listed']}`,
    );
  }
  if (r.bySid) lines.push(`simulate: by sid: ${r.bySid.ok}/${r.bySid.checked} found and equal; not found ${c['not-found-by-sid']}`);
  lines.push(
    `simulate: resendwebhook: ${r.resend.ok}/${r.resend.sent} answered 202 + Location and delivered exactly the returned payload once; ${deliveryCounts(byPhase.resend)}; latency ${percentileLine(r.resend.latency.percentiles)}`,
  );
  if (c['injection-failed'] > 0) lines.push(`simulate: ${c['injection-failed']} inquiries refused by the hook`);
  if (r.capture.forged > 0)
    lines.push(`simulate: ${r.capture.forged} deliveries without a valid signature (profile webhooks.signature): forged, not counted as the target's`);
  if (r.capture.unattributed > 0)
    lines.push(`simulate: ${r.capture.unattributed} deliveries matched no injected inquiry, e.g. ${r.capture.unattributedExamples[0]}`);
  for (const p of r.problems.slice(0, shown)) {
    lines.push(`  ${p.kind.padEnd(16)} inquiry #${p.index}${p.sid ? ` sid ${p.sid}` : ''} (${p.phase}): ${p.detail}`);
  }
  const total = Object.values(c).reduce((s, n) => s + n, 0);
  if (total > shown) lines.push(`  … ${total - Math.min(shown, r.problems.length)} more in ${SIMULATION_FILE}`);
  return lines;
}

/** simulation.json and, when given its page (simulation-html.ts), simulation.html beside it, written as a set; secrets redacted. */
export async function writeSimulation(
  result: SimulationResult,
  dir: string,
  secrets: readonly string[],
  page?: (r: SimulationResult) => string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, SIMULATION_FILE);
  const clean = redactDeep(result, secrets);
  await writeFilesAtomic([
    { file, data: redact(`${JSON.stringify(clean, null, 2)}\n`, secrets) },
    ...(page ? [{ file: path.join(dir, SIMULATION_HTML), data: redact(page(clean), secrets) }] : []),
  ]);
  return file;
}
