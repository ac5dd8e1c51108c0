import type { ArrivalSpec } from '../generators/arrivals.ts';
import { toolVersion } from '../support/version.ts';
import type { Fixtures } from '../sut/discovery.ts';
import type { Profile } from '../sut/profile.ts';
import { redact } from '../sut/redact.ts';
import { secretsOf } from '../sut/secrets.ts';
import { watchGenerator } from './generator-watch.ts';
import { runClosed } from './load-closed.ts';
import { weightedSequence } from './load-mix.ts';
import { runOpen, type OpenOutcome } from './load-open.ts';
import { startProgress } from './load-progress.ts';
import { targetMix } from './load-target-mix.ts';
import { LoadRecorder, prepareValidation } from './load-recorder.ts';
import { LOAD_HTML, latencyBlocks, measuredFrom, MODEL_NOTES, operationsMeasured, writeLoad, type LoadResult } from './load-result.ts';
import { loadPage } from './load-html.ts';
import path from 'node:path';
import { loadSummaryLines } from './load-summary.ts';
import { mixProblems } from './mix-problems.ts';
import { judgeAll, type Threshold } from './thresholds.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { proxyFor, shownProxy } from '../sut/proxy-choice.ts';
import { clientIdentity } from '../sut/tls-material.ts';
import { UsageError } from '../support/errors.ts';
import { transportFacts, transportField, transportLines } from '../sut/transport-notes.ts';

// `vmp-conformance load` as a function: a weighted mix of reads built from the catalog and the fixtures, driven
// closed (autocannon) or open (own scheduler), measured in HDR histograms, judged against thresholds, with the
// generator's own health reported, and written to load.json.

export type LoadModel = { kind: 'closed'; connections: number } | { kind: 'open'; rate: number; arrival: ArrivalSpec; maxInFlight: number };

export interface LoadOptions {
  baseUrl: string;
  profile: Profile;
  embedded?: boolean;
  durationSec: number;
  model: LoadModel;
  /** --mix: weights by endpoint id (or `endpoint:variant`), replacing the defaults. */
  mixWeights?: Readonly<Record<string, number>>;
  thresholds: readonly Threshold[];
  /** Validate every Nth response; 0 validates none. */
  validateEvery: number;
  seed: number;
  reportDir: string;
  timeoutMs: number;
  /** How the mix's samples reach the target's network (sut/transport.ts); the load itself is autocannon's or undici's. */
  transport?: TransportSettings;
  fixtures?: Fixtures;
  out?: (line: string) => void;
  /** Progress as a redrawn bar (default: when stdout is a terminal). */
  tty?: boolean;
  signal?: AbortSignal;
}

/** "no request completed in 2.0 s: 20 failed (20× request timed out), 3 unfinished at the end". */
function noCompletionReason(recorder: LoadRecorder, ranMs: number, open: OpenOutcome | undefined): string {
  const reasons = Object.entries(recorder.failureReasons)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, n]) => `${n}× ${reason}`)
    .join(', ');
  const parts = [
    recorder.transportErrors > 0 ? `${recorder.transportErrors} failed (${reasons})` : 'none was answered',
    ...(open?.unfinished ? [`${open.unfinished} unfinished at the end`] : []),
    ...(open?.dropped ? [`${open.dropped} not sent (no free connection)`] : []),
  ];
  return `no request completed in ${(ranMs / 1000).toFixed(1)} s: ${parts.join(', ')}`;
}

function failureOf(r: LoadResult): string {
  const broken = r.thresholds.filter((t) => !t.ok).map((t) => t.expression);
  return [...(r.nothingCompleted ? [r.nothingCompleted] : []), ...(broken.length ? [`broken threshold: ${broken.join(', ')}`] : [])].join('; ');
}

/**
 * The closed model is autocannon's, which connects straight to the target: where a proxy applies (--proxy, or the
 * environment's for this URL) it is refused before anything is sent, rather than sent past the proxy.
 */
function refuseUnsupportedProxy(o: LoadOptions): void {
  const proxy = o.model.kind === 'closed' ? proxyFor(o.baseUrl, o.transport) : undefined;
  if (!proxy) return;
  const direct = proxy.source === '--proxy' ? 'leave out --proxy' : `set NO_PROXY=${new URL(o.baseUrl).hostname}`;
  throw new UsageError(
    `load's closed model (autocannon) cannot go through the proxy ${shownProxy(proxy.url)} (${proxy.source}): use the open model (--rate R), which does, or ${direct} to load the target straight`,
  );
}

export async function runLoad(o: LoadOptions): Promise<{ exitCode: number; result: LoadResult }> {
  const secrets = secretsOf(o.profile);
  const say = o.out ?? (() => undefined);
  const out = (line: string) => say(redact(line, secrets));
  refuseUnsupportedProxy(o);
  for (const line of transportLines(transportFacts(o.transport, o.baseUrl))) out(`load: ${line}`);
  const mix = await targetMix(o);
  const sequence = weightedSequence(mix.operations);
  if (o.validateEvery > 0) prepareValidation(mix.operations);
  const durationMs = o.durationSec * 1000;
  const model = o.model;
  out(`load: target ${o.baseUrl}${o.embedded ? ' (embedded reference server, in this process)' : ''}; ${mix.operations.length} operations, ${o.durationSec} s`);
  out(
    `load: ${model.kind === 'closed' ? `closed model, ${model.connections} connections` : `open model, ${model.rate} req/s (${model.arrival.kind}), at most ${model.maxInFlight} in flight`} — ${MODEL_NOTES[model.kind]}`,
  );

  const startedAt = new Date();
  const started = performance.now();
  const recorder = new LoadRecorder(started, o.validateEvery);
  const watch = watchGenerator({ sharesProcessWithTarget: o.embedded ?? false });
  const progress = startProgress({ durationMs, recorder, out, ...(o.tty === undefined ? {} : { tty: o.tty }) });
  let open: OpenOutcome | undefined;
  let ranMs: number;
  try {
    if (model.kind === 'closed') {
      ranMs = (
        await runClosed({
          baseUrl: o.baseUrl,
          sequence,
          connections: model.connections,
          durationSec: o.durationSec,
          timeoutSec: o.timeoutMs / 1000,
          tls: clientIdentity(o.transport),
          recorder,
          ...(o.signal ? { signal: o.signal } : {}),
        })
      ).durationMs;
    } else {
      open = await runOpen({
        baseUrl: o.baseUrl,
        sequence,
        arrival: model.arrival,
        seed: o.seed,
        durationMs,
        maxInFlight: model.maxInFlight,
        timeoutMs: o.timeoutMs,
        ...(o.transport ? { transport: o.transport } : {}),
        recorder,
        ...(o.signal ? { signal: o.signal } : {}),
      });
      ranMs = open.durationMs;
    }
  } finally {
    progress.stop();
  }
  const generator = watch.stop();
  recorder.settle();
  const blocks = latencyBlocks(recorder);
  const { errorRate, rps } = measuredFrom(recorder, ranMs);
  const p = blocks.latency.percentiles;
  const thresholds = judgeAll(o.thresholds, { latencyMs: p, errorRate, rps }, operationsMeasured(recorder, ranMs));
  // A run in which no request completed measured nothing: it fails whatever the thresholds say.
  const nothingCompleted = recorder.completed === 0 ? noCompletionReason(recorder, ranMs, open) : undefined;
  const exitCode = thresholds.some((t) => !t.ok) || nothingCompleted ? 1 : 0;
  const problems = mixProblems(mix.operations, (op) => recorder.perOperation.get(op.id) ?? { answers: 0, non2xx: {} });
  const result: LoadResult = {
    tool: { name: 'vmp-conformance', version: toolVersion() },
    startedAt: startedAt.toISOString(),
    target: { baseUrl: o.baseUrl, embedded: o.embedded ?? false, ...transportField(o.transport, o.baseUrl) },
    model: model.kind,
    modelNote: MODEL_NOTES[model.kind],
    settings: {
      durationSec: o.durationSec,
      connections: model.kind === 'closed' ? model.connections : model.maxInFlight,
      ...(model.kind === 'open' ? { rate: model.rate, arrival: model.arrival } : {}),
      validateEvery: o.validateEvery,
      seed: o.seed,
    },
    mix: { operations: mix.operations.map((x) => ({ id: x.id, path: x.path, weight: x.weight })), skipped: mix.skipped, problems },
    durationMs: ranMs,
    requests: {
      total: recorder.total,
      ok: recorder.total - recorder.non2xx - recorder.transportErrors,
      non2xx: recorder.non2xx,
      transportErrors: recorder.transportErrors,
      failureReasons: recorder.failureReasons,
      errorRate,
      rps,
      statusCodes: recorder.statusCodes,
    },
    ...(open ? { open: { scheduled: open.scheduled, sent: open.sent, dropped: open.dropped, unfinished: open.unfinished, sendLagMs: open.sendLag } } : {}),
    ...blocks,
    validation: { every: o.validateEvery, ...recorder.validation },
    generator,
    reliable: !generator.bottleneck,
    thresholds,
    ...(nothingCompleted ? { nothingCompleted } : {}),
    exitCode,
  };
  for (const line of loadSummaryLines(result)) out(line);
  const file = await writeLoad(result, o.reportDir, secrets, loadPage);
  out(`load: ${exitCode === 0 ? 'PASS' : `FAIL (${failureOf(result)})`} — ${file}, ${path.join(o.reportDir, LOAD_HTML)}`);
  return { exitCode, result };
}
