import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RULES, todayIn } from '../models/index.ts';
import { ResultCollector } from '../reports/collector.ts';
import { consoleReport, headerLine } from '../reports/console.ts';
import { AreaProgress, progressCounter, type RuleListener } from '../reports/progress.ts';
import type { RunOutcome } from './run-outcome.ts';
import type { RuleResult, RunResult } from '../reports/results.ts';
import { isSelected, type Selection } from '../reports/rule-glob.ts';
import { buildRunResult } from '../reports/run-result.ts';
import { toolVersion } from '../support/version.ts';
import { inferredText, type InferredValue } from '../reports/inferred.ts';
import { provenanceOf } from '../sut/infer/provenance.ts';
import { settledTemp, tempPathFor } from '../support/atomic-write.ts';
import { REPORT_FILES, writeReports, type VitestOutputs } from '../reports/write.ts';
import type { RunContext } from '../suites/harness/context.ts';
import { MAX_FAILURES_REASON } from '../suites/harness/max-failures.ts';
import { DEFAULT_MAX_BODY_BYTES, TargetClient } from '../sut/client.ts';
import { LOCAL_CAPTURE, type CaptureReach } from '../sut/capture-reach.ts';
import { discoveryNotes, type Fixtures } from '../sut/discovery.ts';
import { DEADLINE_REASON, deadlineReason, type RunDeadline } from '../sut/deadline.ts';
import type { Profile } from '../sut/profile.ts';
import { secretsOf } from '../sut/secrets.ts';
import { redact } from '../sut/redact.ts';
import { describeSnapshot, readWebhookConfig, restoreWebhookConfigs, savedLine, type WebhookSnapshot } from '../sut/webhook-config.ts';
import { type DurableJournal, durableJournal, type JournalDoc } from '../sut/durable-journal.ts';
import { undoneLines, unredacted } from '../sut/journal-restore.ts';
import { assertUsersValue } from '../sut/target-lease.ts';
import { WebhookJournal } from '../sut/webhook-journal.ts';
import { baselineOf, compareWithBaseline, knownFailing, writeBaseline, type Baseline } from './baseline.ts';
import { InterruptedBeforeChecks, type RunControl } from './interrupt.ts';
import { prepareTarget } from '../sut/prepare.ts';
import { newRunId } from './run-id.ts';
import { DEADLINE_GRACE_MS, defaultMaxDurationSec, runDeadline } from './run-deadline.ts';
import { openSuiteSession, type SuiteSession } from './suite-session.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { transportField } from '../sut/transport-notes.ts';
import { tapExchanges } from '../sut/exchange-tap.ts';
import { addTraffic, emptyTraffic, type Traffic } from '../sut/infrastructure.ts';
import { countFile, countingInto } from '../sut/traffic-tap.ts';

// Runs the conformance suites in-process through vitest's Node API (never a shell-out), handing the run
// context to every test file through provide/inject (suite-session.ts), then writes the reports. Loaded
// lazily by `run`.

export interface RunAgainstOptions {
  baseUrl: string;
  profile: Profile;
  embedded: boolean;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  /** When the run must end; default: derived from the selected checks (run-deadline.ts), from now. */
  deadline?: RunDeadline;
  readOnly: boolean;
  /** Where the suites' capture server listens and how the target calls it (default: 127.0.0.1, a free port). */
  capture?: CaptureReach;
  /** How the run reaches the target's network (CAs, proxy, pacing): sut/transport.ts. */
  transport?: TransportSettings;
  reportDir: string;
  /** The profile file the run read (absolute), recorded for `replay`. */
  profileFile?: string;
  /** Rule-id globs, comma-separated (`scoping/*`, `home/*,status/home/*`): only matching checks run. */
  only?: string;
  /** Rule-id globs whose checks do not run, whatever --only says. */
  exclude?: string;
  /** Endpoint globs and HTTP methods, comma-separated (reports/rule-endpoints.ts): only the rules about them run. */
  endpoint?: string;
  method?: string;
  files?: string[];
  /** `run --har`: where the suites' worker appends its exchanges (api/har-file.ts). */
  harFile?: string;
  /** --bail / --max-failures: once this many rules failed (those the baseline lists aside), the rest skip. */
  maxFailures?: number;
  baseline?: { file: string; baseline: Baseline };
  writeBaseline?: string;
  /**
   * A session to run in, kept open by the caller for many targets; without it the run opens its own, which
   * also writes vitest's junit.xml and vitest.json.
   */
  session?: SuiteSession;
  /**
   * This run's own session, opened by the caller while the target was being explored (openRunSession): vitest's
   * start-up then overlaps discovery instead of following it. Treated as the run's own session in every way.
   */
  opened?: Promise<RunSession>;
  /** Profile values inferred from the target because the profile file left them out (reported as such). */
  inferred?: readonly InferredValue[];
  /** What prepareTarget() found, when the caller already checked the target. */
  fixtures?: Fixtures;
  /** Change configured webhook topics even where their restore would lose something. */
  discardUnrestorableWebhooks?: boolean;
  /** Terminating signals (the CLI's: SIGINT, SIGTERM, SIGHUP): the run stops, restores what it changed and writes partial reports. */
  interrupt?: RunControl;
  /** Each rule's result as it completes (in completion order), with the run's totals so far. */
  onRule?: RuleListener;
  /** The run's id (its lease's, when the caller took one: sut/target-lease.ts); default: a new one. */
  runId?: string;
  /** The command `restore` to name when a topic could not be put back. */
  restoreCommand?: string;
  /**
   * The tally the caller's exchange tap counts this thread's requests into (sut/traffic-tap.ts), from before this
   * call on (api/run.ts: the lease, the reachability check, inference, discovery); absent: the run counts its own.
   */
  heard?: Traffic;
  out: (line: string) => void;
}

export type { RunOutcome } from './run-outcome.ts';

/** Runs the suites; the run's infrastructure cause counts every request it made, in this thread and the worker. */
export async function runAgainst(o: RunAgainstOptions): Promise<RunOutcome> {
  if (o.heard) return runCounted(o, o.heard);
  const heard = emptyTraffic();
  return tapExchanges(countingInto(heard), () => runCounted(o, heard));
}

async function runCounted(o: RunAgainstOptions, heard: Traffic): Promise<RunOutcome> {
  const secrets = secretsOf(o.profile);
  // The last guard of Principle 4: no console line shows a secret, whatever a message quotes.
  const say = (line: string) => o.out(redact(line, secrets));
  const startedAt = Date.now();
  const chosen: Selection = {
    ...(o.only ? { only: o.only } : {}),
    ...(o.exclude ? { exclude: o.exclude } : {}),
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.method ? { method: o.method } : {}),
  };
  const deadline =
    o.deadline ?? runDeadline(startedAt, defaultMaxDurationSec(RULES.filter((r) => isSelected(chosen, r.id)).length, o.numRuns, o.profile.simulationHooks));
  // Restores go through a client without the run's deadline: what the run changed is put back even past it.
  const reach = { baseUrl: o.baseUrl, profile: o.profile, timeoutMs: o.timeoutMs, secrets, transport: o.transport };
  const client = () => new TargetClient(reach);
  const fixtures = o.fixtures ?? (await prepareTarget(new TargetClient({ ...reach, deadline })));
  // The durable journal of the caller's lease on the target (a target given by --base-url, not read-only).
  const durable = o.embedded || o.readOnly ? undefined : durableJournal();
  const runId = o.runId ?? newRunId();
  // Where the worker counts its requests (sut/traffic-tap.ts); read once it has stopped, then removed.
  const trafficFile = path.join(tmpdir(), `vmp-traffic-${process.pid}-${runId}.ndjson`);
  const ctx: RunContext = {
    baseUrl: o.baseUrl,
    profile: o.profile,
    fixtures,
    runId,
    seed: o.seed,
    numRuns: o.numRuns,
    readOnly: o.readOnly,
    timeoutMs: o.timeoutMs,
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    secrets,
    today: o.profile.today ?? todayIn(o.profile.timeZone),
    capture: o.capture ?? LOCAL_CAPTURE,
    deadline,
    discardUnrestorableWebhooks: o.discardUnrestorableWebhooks ?? false,
    provenance: provenanceOf(o.profile, secrets, o.inferred),
    ...(o.transport ? { transport: o.transport } : {}),
    ...(durable ? { journal: durable.place } : {}),
    confirmedByMain: !o.session,
    ...(o.harFile ? { harFile: o.harFile } : {}),
    trafficFile,
    ...(o.maxFailures !== undefined ? { maxFailures: { count: o.maxFailures, known: o.baseline ? knownFailing(o.baseline.baseline) : [] } } : {}),
  };
  // A rule that an exchange of discovery broke is run (and fails) even when --only leaves it out: it is why
  // the selected checks may skip, and a run whose every check skipped must not pass.
  const faulted = fixtures.faults.map((f) => f.ruleId).filter((id) => !isSelected(chosen, id));
  const select: Selection = faulted.length > 0 ? { ...chosen, also: faulted } : chosen;
  const selected = RULES.filter((r) => isSelected(select, r.id));
  const options = { runs: o.numRuns, readOnly: o.readOnly, ...chosen };
  say(
    headerLine({
      tool: { name: 'vmp-conformance', version: toolVersion() },
      target: { baseUrl: o.baseUrl, embedded: o.embedded },
      seed: o.seed,
      options,
      deadline: { seconds: deadline.seconds, reached: false },
    }),
  );
  for (const f of o.inferred ?? []) say(`profile: ${inferredText(f)}`);
  const notes = discoveryNotes(fixtures);
  for (const note of notes) say(`discovery: ${note}`);

  await mkdir(o.reportDir, { recursive: true });
  const collector = new ResultCollector();
  const progress = new AreaProgress(
    selected.map((r) => r.id),
    say,
  );
  const counted = o.onRule ? progressCounter(selected.length, o.onRule) : undefined;
  const completed = (r: RuleResult) => {
    progress.add(r);
    counted?.(r);
  };
  collector.onResult(completed);
  const run = {
    ctx,
    reporters: [collector],
    stopAt: deadline.at + DEADLINE_GRACE_MS,
    ...(select.only || select.exclude || select.also || select.endpoint || select.method ? { select } : {}),
  };
  // Stopped before any check could change the target: nothing to restore, and the previous reports stay as they are.
  if (o.interrupt?.signal.aborted) throw new InterruptedBeforeChecks('interrupted before the checks began');
  // No topic the suites may change points at another run's callback (issue 27, item 2): exit 2 before any change.
  if (durable) await refuseOtherRuns(client(), ctx.runId, durable);
  // What the suites change on the target, as they change it (a run's own vitest session only); each saved value
  // said once, as the journal keeps it.
  const journal = o.session ? undefined : new WebhookJournal(ctx.runId, (s) => say(savedLine('run', s, durable)));
  let own: RunSession | undefined;
  try {
    let stopped = false;
    let halted = false;
    if (o.session) stopped = (await o.session.run(run)).stopped;
    else {
      own = await (o.opened ?? openRunSession(o.reportDir, o.files));
      const session = own.session;
      const stop = () => void session.stop(STOP_GRACE_MS);
      o.interrupt?.track(() => journal!.outstanding().map((snapshot) => redact(describeSnapshot(snapshot), secrets)));
      o.interrupt?.signal.addEventListener('abort', stop, { once: true });
      try {
        if (!o.interrupt?.signal.aborted) ({ stopped, halted } = await session.run(run));
      } finally {
        o.interrupt?.signal.removeEventListener('abort', stop);
        await session.close();
      }
    }
    const deadlineReached = stopped || collector.results.some((r) => r.skipReason?.startsWith(DEADLINE_REASON));
    // Every end — normal, deadline, signal, error — restores and confirms here, once the worker has stopped (no
    // write of the run is still in flight, issue 27, item 9): each topic the run touched is read back, and what
    // does not hold its saved value is put back.
    const loud = o.interrupt?.which !== undefined || stopped || halted;
    const ended = journal ? await restoreAtEnd(journal, durable, client(), ctx.runId, o.profile, say, loud) : undefined;
    const interrupted = o.interrupt?.which && ended ? { signal: o.interrupt.which, restored: ended.restored, notRestored: ended.notRestored } : undefined;
    const notRestored = ended?.notRestored ?? [];
    if (notRestored.length > 0) {
      say(
        `run: NOT restored on the target: ${notRestored.length} webhook topic${notRestored.length === 1 ? '' : 's'}; put back with \`${o.restoreCommand ?? 'vmp-conformance restore'}\``,
      );
      for (const line of notRestored) say(`run: NOT restored ${line}`);
    }
    if (journal) {
      await journal.settle();
      const lossy = new Set(journal.restored().flatMap((s) => (s.configured && s.loses ? [`${describeSnapshot(s)} was restored without ${s.loses}`] : [])));
      for (const line of lossy) say(`run: --discard-unrestorable-webhooks: ${line}`);
    }

    const baseline = o.baseline;
    const traffic = emptyTraffic();
    addTraffic(traffic, heard);
    countFile(trafficFile, traffic);
    const result = buildRunResult(collector, {
      traffic,
      startedAt,
      seed: o.seed,
      baseUrl: o.baseUrl,
      embedded: o.embedded,
      ...(o.profileFile ? { profileFile: o.profileFile } : {}),
      ...transportField(o.transport, o.baseUrl),
      ...(o.transport?.rateLimit !== undefined ? { rateLimit: o.transport.rateLimit } : {}),
      reportDir: path.resolve(o.reportDir),
      profile: o.profile,
      secrets,
      runs: o.numRuns,
      readOnly: o.readOnly,
      timeoutMs: o.timeoutMs,
      ...chosen,
      selected,
      discovery: notes,
      ...(o.inferred?.length ? { inferred: o.inferred } : {}),
      deadline: { seconds: deadline.seconds, reached: deadlineReached },
      // Checks a stopped run never reached were not run for that reason, not for want of a check.
      ...(stopped ? { unreportedReason: deadlineReason(deadline) } : {}),
      ...(baseline ? { compare: (rules: RunResult['rules']) => compareWithBaseline(rules, baseline.baseline, baseline.file) } : {}),
      ...(interrupted ? { interrupted } : {}),
      ...(notRestored.length > 0 ? { notRestored } : {}),
    });
    // Rules no check reported are results too: they complete their areas' progress lines.
    const reported = new Set(collector.results.map((r) => r.id));
    for (const r of result.rules) if (!reported.has(r.id)) completed(r);
    progress.finish();

    const reportFiles = await writeReports(result, o.reportDir, secrets, own?.outputs);
    const bailed = result.rules.filter((r) => r.skipReason === MAX_FAILURES_REASON).length;
    if (bailed > 0) say(`run: --max-failures ${o.maxFailures} reached (${result.summary.failed} failed, with the checks under way): ${bailed} rules not run`);
    for (const line of consoleReport(result, o.reportDir)) say(line);
    // A baseline of a partial run would expect too little.
    if (o.writeBaseline && !interrupted) {
      const written = baselineOf(result.rules, result.tool.version);
      await writeBaseline(o.writeBaseline, written);
      say(`baseline written: ${o.writeBaseline} (${written.failing.length} failing rule${written.failing.length === 1 ? '' : 's'})`);
    }
    return { exitCode: result.exitCode, result, reportDir: o.reportDir, reportFiles, workerStopped: stopped || halted };
  } finally {
    journal?.close();
    await rm(trafficFile, { force: true });
  }
}

/** A run's own suite session, with the temporary name of vitest's JSON report (it joins the set once complete). */
export interface RunSession {
  session: SuiteSession;
  outputs: VitestOutputs;
}

/** Opens a run's own session; it writes vitest's JSON report beside `reportDir`'s set (reports/write.ts). */
export async function openRunSession(reportDir: string, files?: string[]): Promise<RunSession> {
  const outputs = { json: tempPathFor(path.join(reportDir, REPORT_FILES.vitest)) };
  const session = await openSuiteSession({ vitestJson: outputs, ...(files ? { files } : {}) });
  return { session, outputs };
}

/**
 * Closes a run's own session however the run ended (closing twice is closing once). vitest's reporters write
 * their files as it closes, even with no run: a run that ended before its checks leaves none of them behind, and
 * one that completed has already moved them into the report set.
 */
export async function closeRunSession(opened: RunSession): Promise<void> {
  await opened.session.close();
  await rm(opened.outputs.json, { force: true });
  settledTemp(opened.outputs.json);
}

/**
 * How long the check under way may take to finish after a signal before its worker is stopped where it stands
 * (then within CLOSE_GRACE_MS, suite-session.ts): a signal ends the run within seconds, whatever the check does.
 */
export const STOP_GRACE_MS = 2_000;

/** The topics the suites may change, for both apps that a check configures. */
const touchable = (profile: Profile) =>
  (['primary', 'other'] as const).flatMap((app) =>
    [profile.topics.inquiry, profile.topics.registration, profile.topics.unavailable].map((topic) => ({ app, topic })),
  );

/** Stops the run (exit 2) when a topic it may change already points at another run's callback, before any change. */
async function refuseOtherRuns(client: TargetClient, runId: string, durable: DurableJournal): Promise<void> {
  const journaled = durable.outstanding();
  try {
    for (const t of [...new Map(touchable(client.profile).map((t) => [`${t.app}\u0000${t.topic}`, t])).values()]) {
      if (journaled.some((s) => s.app === t.app && s.topic === t.topic)) continue;
      const read = await readWebhookConfig(client, t.app, t.topic).catch(() => undefined);
      if (read) assertUsersValue(read, runId);
    }
  } finally {
    await client.close();
  }
}

const keyOf = (s: WebhookSnapshot) => `${s.app}\u0000${s.topic}`;

/**
 * Restores and confirms every topic the run touched: what its sessions did not put back, what they did (a late
 * write may have undone it), and what only the durable journal keeps (inference's). Says what it restored (all of
 * it when `loud`, else only what it had to write again) and what not, with the saved value.
 */
async function restoreAtEnd(
  journal: WebhookJournal,
  durable: DurableJournal | undefined,
  client: TargetClient,
  runId: string,
  profile: Profile,
  say: (line: string) => void,
  loud: boolean,
): Promise<{ restored: string[]; notRestored: string[] }> {
  await journal.settle();
  const byTopic = new Map<string, WebhookSnapshot>();
  // The earliest snapshot of a topic first: what it held before the run.
  for (const s of [...journal.outstanding().reverse(), ...journal.restored()]) if (!byTopic.has(keyOf(s))) byTopic.set(keyOf(s), s);
  const notRestored: string[] = [];
  for (const entry of durable?.outstanding() ?? []) {
    if (byTopic.has(keyOf(entry))) continue;
    const sendable = unredacted(entry as JournalDoc['saved'][number], profile);
    if (typeof sendable === 'string') notRestored.push(sendable);
    else byTopic.set(keyOf(entry), sendable.snapshot);
  }
  const outstanding = new Set(journal.outstanding().map(keyOf));
  try {
    const report = await restoreWebhookConfigs(client, [...byTopic.values()], { runId });
    for (const s of report.restored) if (outstanding.has(keyOf(s))) journal.restoredHere(s);
    for (const s of report.wrote)
      if (!outstanding.has(keyOf(s)) && !loud)
        say(`run: restored ${describeSnapshot(s)} (a write of the run had changed it after its restore; confirmed by a read)`);
    for (const l of report.left) say(`run: warning: ${describeSnapshot(l.snapshot)} left as it is: it now holds ${l.now}`);
    notRestored.push(...undoneLines({ failed: report.failed, unfillable: [] }, client.secrets));
    const done = [...new Set(journal.restored().map(describeSnapshot))];
    if (loud) for (const line of done) say(`run: restored ${line}`);
    return { restored: done, notRestored };
  } finally {
    await client.close();
  }
}
