import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import {
  BaseSequencer,
  createVitest,
  JsonReporter,
  type Reporter,
  type SerializedError,
  type TestCase,
  type TestModule,
  type TestSpecification,
} from 'vitest/node';
import { selectionPattern, type Selection } from '../reports/rule-glob.ts';
import type { VitestOutputs } from '../reports/write.ts';
import { keptThreads } from './kept-threads.ts';
import { TERMINATING_SIGNALS } from '../support/signals.ts';
import type { RunContext } from '../suites/harness/context.ts';
import { terminalSafeText } from '../support/terminal-text.ts';

// One vitest instance that runs the conformance suites once or many times, each run against its own target
// (provide/inject) with its own reporters. `run` opens, runs once and closes; the mutant gallery runs many
// targets through one session, so vite's start-up and the suites' transform are paid once, not per target.

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The suites' extension: `.ts` in a source checkout, `.js` in the build (dist/, where PROJECT_ROOT is dist/ and
 * the suites are compiled with everything else), so an installed package never needs a TypeScript loader.
 */
const SUITE_EXT = path.extname(fileURLToPath(import.meta.url));

/**
 * The suite file that runs after every other: errors/no-server-error reports the 5xx answers of the whole run, and
 * the problem rules of Errors the problem bodies the run heard (suites/harness/run-ledger.ts), so it must come once
 * every other check and clean-up has sent its requests.
 */
export const LAST_SUITE_FILE = `suites/server-errors.suite${SUITE_EXT}`;

/** A suite file by the name results.json records for each rule (`limits.suite`): what a one-rule replay loads. */
export const suiteFileOf = (name: string): string => `suites/${name}${SUITE_EXT}`;

/** vitest's order (longest or failed first), with LAST_SUITE_FILE moved to the end. */
export class LastFileSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId === path.join(PROJECT_ROOT, LAST_SUITE_FILE);
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

export interface SessionOptions {
  /** vitest's own JSON reporter writes to `json` when given (the file of the session's last run). */
  vitestJson?: VitestOutputs;
  /** Suite files to run, relative to the project root (default: every suite file under suites/, `.js` in the build). */
  files?: string[];
  testTimeoutMs?: number;
}

export interface SessionRun {
  ctx: RunContext;
  reporters: Reporter[];
  /** Which rules' checks run (--only, --exclude, and rules added by id); absent: every check. */
  select?: Selection;
  /**
   * Epoch ms past which the run is abandoned however far it got (its worker is stopped when the session
   * closes): the last bound of a run, for a check stuck where no deadline reaches it.
   */
  stopAt?: number;
}

export interface SuiteSession {
  /**
   * `stopped`: stopAt came first, and what had not reported by then never will; `halted`: stop() had to
   * terminate the worker where it stood (it did not finish within the grace).
   */
  run(r: SessionRun): Promise<{ ok: boolean; unhandledErrors: number; stopped: boolean; halted: boolean }>;
  /**
   * Stops the current run (a signal, issue 13 item 4): the check under way may finish within graceMs and the
   * suites' afterAll hooks restore what they changed; past that, the worker is terminated where it stands (within
   * CLOSE_GRACE_MS more, even busy on the CPU) and run() resolves with what was reported. Whatever a hook did not
   * restore, the caller does (webhook-journal.ts).
   */
  stop(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The promise's value, or undefined once epoch ms `at` comes first (or `also` settles first). */
function settledBefore<T>(promise: Promise<T>, at: number, also?: Promise<unknown>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  // No timer for no bound: setTimeout would take an infinite delay for 1 ms.
  const late = Number.isFinite(at) ? [new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, at - Date.now()))))] : [];
  return Promise.race([promise, ...late, ...(also ? [also.then(() => undefined)] : [])]).finally(() => clearTimeout(timer));
}

/**
 * How long vitest's close may take before the session stops its worker itself. vitest's pool asks a worker to
 * tear down before terminating it, and waits for the answer without a bound: a worker busy on the CPU (a check
 * spinning on what a target sent) never answers, so the close would never end (issue 22, defect 2).
 */
export const CLOSE_GRACE_MS = 1_000;

/**
 * The worker threads created while a session is open: vitest's pool. A Worker can be terminated whatever it
 * is doing (V8 stops its JavaScript where it stands), which no message to it can do.
 */
function watchWorkers(): { terminate(): Promise<void>; dispose(): void } {
  const workers = new Set<Worker>();
  const onWorker = (worker: Worker) => {
    workers.add(worker);
    worker.once('exit', () => workers.delete(worker));
  };
  process.on('worker', onWorker);
  return {
    terminate: async () => {
      await Promise.all([...workers].map((w) => w.terminate().catch(() => undefined)));
    },
    dispose: () => process.off('worker', onWorker),
  };
}

/**
 * vitest's output minus what would mislead: on stdout the "… report written to …" lines (the run's own summary
 * names the report directory), on stderr the JSON reporter's "tests still running … a bug in Vitest" warning,
 * which a run stopped at its deadline causes by design (the run says it stopped).
 */
const QUIET = {
  stdout: /^\s*\S+ report written to /,
  stderr: /Some tests are still running when generating the JSON report/,
} as const;

function quiet(stream: keyof typeof QUIET): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      // What vitest prints may quote a target (an error's message): shown inert, like every console line.
      if (!QUIET[stream].test(text)) process[stream].write(terminalSafeText(text));
      done();
    },
  });
}

/** Hands the hooks our reporters implement to the current run's reporters (vitest fixes its list at start). */
class RelayReporter implements Reporter {
  current: Reporter[] = [];
  onTestCaseResult(testCase: TestCase): void {
    for (const r of this.current) r.onTestCaseResult?.(testCase);
  }
  onTestModuleEnd(testModule: TestModule): void {
    for (const r of this.current) r.onTestModuleEnd?.(testModule);
  }
  onTestRunEnd(modules: readonly TestModule[], errors: readonly SerializedError[], reason: Parameters<NonNullable<Reporter['onTestRunEnd']>>[2]): void {
    for (const r of this.current) r.onTestRunEnd?.(modules, errors, reason);
  }
}

/**
 * vite's cache (and vitest's record of durations under it) outside the project: by default it is
 * `node_modules/.vite` under the root, which for an installed package is inside it (issue 23 §5: nothing is ever
 * written into the installed package). One per project root, so a checkout and an installed copy keep their own.
 */
export const VITE_CACHE_DIR = path.join(tmpdir(), 'vmp-conformance-vite', createHash('sha1').update(PROJECT_ROOT).digest('hex').slice(0, 12));

/** The layers the suites import (docs/layout.md): what the worker asks vite to transform as it loads them. */
const SUITE_LAYERS = ['support', 'models', 'generators', 'sut', 'webhooks', 'suites'];

/**
 * Asks vite to transform every module of those layers now, in the background, so the worker finds them cached
 * (vite's SSR transform results) instead of waiting for each as it imports it: the caller (api/run.ts) opens the
 * session while discovery explores the target, and this work overlaps that. A module that fails here fails
 * again, with its error, when the worker imports it.
 */
function warmTransforms(vite: { warmupRequest(url: string, options?: { ssr?: boolean }): Promise<void> }): void {
  for (const layer of SUITE_LAYERS) {
    const dir = path.join(PROJECT_ROOT, layer);
    let files: string[];
    try {
      files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const file of files) if (file.endsWith(SUITE_EXT) && !file.endsWith('.d.ts')) void vite.warmupRequest(path.join(dir, file), { ssr: true });
  }
}

/**
 * vitest's JSON reporter, whose failure to write (a full disk) is kept on `output` for the report set to name
 * (reports/write.ts) instead of rejecting the run with an errno and a stack (issue 27, item 8); what it wrote
 * of the file is removed, so no truncated vitest.json joins the set.
 */
class KeptJsonReporter extends JsonReporter {
  constructor(private readonly output: VitestOutputs) {
    super({ outputFile: output.json });
  }
  override async writeReport(report: string): Promise<void> {
    delete this.output.error;
    try {
      await super.writeReport(report);
    } catch (error) {
      this.output.error = error;
      await rm(this.output.json, { force: true });
    }
  }
}

export async function openSuiteSession(options: SessionOptions = {}): Promise<SuiteSession> {
  const relay = new RelayReporter();
  const reporters: (string | Reporter | [string, Record<string, unknown>])[] = [relay];
  if (options.vitestJson) reporters.push(new KeptJsonReporter(options.vitestJson));
  const signalListeners = new Map(TERMINATING_SIGNALS.map((s) => [s, process.listeners(s)]));
  const threads = keptThreads();
  const vitest = await createVitest(
    'test',
    {
      config: false,
      root: PROJECT_ROOT,
      watch: false,
      reporters: reporters as never,
      passWithNoTests: true,
      include: options.files ?? [`suites/**/*.suite${SUITE_EXT}`],
      // One worker, files in sequence: the suites share one target whose webhook configuration
      // they save and restore, and requests to a local target are cheaper than worker start-up. Within a
      // file, checks that change nothing run this many at a time (suites/harness/check.ts). The worker thread
      // serves every run of the session (api/kept-threads.ts).
      pool: threads.pool,
      fileParallelism: false,
      isolate: false,
      maxConcurrency: 5,
      sequence: { sequencer: LastFileSequencer },
      testTimeout: options.testTimeoutMs ?? 60_000,
      hookTimeout: options.testTimeoutMs ?? 60_000,
      silent: true,
    },
    { cacheDir: VITE_CACHE_DIR },
    { stdout: quiet('stdout'), stderr: quiet('stderr') },
  );
  // vitest's logger exits the process on SIGINT/SIGTERM; the caller decides what a signal does (cli/interrupt.ts:
  // restore the target first), so its handlers go.
  for (const signal of TERMINATING_SIGNALS) {
    for (const listener of process.listeners(signal)) if (!signalListeners.get(signal)?.includes(listener)) process.off(signal, listener);
  }
  const workers = watchWorkers();
  // onInit for vitest's own reporters, as start() would (standalone: vitest 4's name for init); then each run is
  // runTestSpecifications.
  let specifications: TestSpecification[];
  try {
    await vitest.standalone();
    specifications = await vitest.globTestSpecifications();
  } catch (error) {
    await vitest.close();
    await threads.close();
    throw error;
  }
  if (!options.files) warmTransforms(vitest.vite);
  // The check titles each suite file holds, learnt from the first run (which loads every file): later runs
  // narrowed by --only load just the files with a matching check, as most of a narrow run is loading files.
  const titles = new Map<string, string[]>();
  const filesFor = (select: Selection | undefined): TestSpecification[] => {
    if (select === undefined || titles.size === 0) return specifications;
    const pattern = new RegExp(selectionPattern(select));
    const chosen = specifications.filter((s) => titles.get(s.moduleId)?.some((t) => pattern.test(t)) ?? true);
    return chosen.length > 0 ? chosen : specifications;
  };
  let running: Promise<unknown> | undefined;
  let closing: Promise<void> | undefined;
  let hardStopped: () => void = () => undefined;
  /** Settles once the worker was terminated where it stood: the run under way will never report again. */
  const hardStop = new Promise<void>((resolve) => (hardStopped = resolve));
  const close = () =>
    (closing ??= (async () => {
      const closed = vitest.close().then(() => true);
      if ((await settledBefore(closed, Date.now() + CLOSE_GRACE_MS)) === undefined) {
        await workers.terminate();
        hardStopped();
        // The rest of vitest (its vite servers) closes; its pool's own promise never will.
        await settledBefore(closed, Date.now() + CLOSE_GRACE_MS);
      }
      await threads.close();
      workers.dispose();
    })());
  return {
    async run(r) {
      relay.current = r.reporters;
      vitest.provide('vmp', r.ctx);
      if (r.select) vitest.setGlobalTestNamePattern(selectionPattern(r.select));
      else vitest.resetGlobalTestNamePattern();
      const pending = vitest.runTestSpecifications(filesFor(r.select), true);
      running = pending.catch(() => undefined);
      let halted = false;
      const result = await settledBefore(
        pending,
        r.stopAt ?? Number.POSITIVE_INFINITY,
        hardStop.then(() => (halted = true)),
      );
      if (result === undefined) {
        void vitest.cancelCurrentRun('keyboard-input').catch(() => undefined);
        return { ok: false, unhandledErrors: 0, stopped: !halted, halted };
      }
      if (titles.size === 0) {
        for (const m of result.testModules)
          titles.set(
            m.moduleId,
            [...m.children.allTests()].map((t) => t.name),
          );
      }
      const ok = result.testModules.every((m) => m.ok()) && result.unhandledErrors.length === 0;
      return { ok, unhandledErrors: result.unhandledErrors.length, stopped: false, halted: false };
    },
    async stop(graceMs) {
      if (!running) return;
      void vitest.cancelCurrentRun('keyboard-input');
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!finished) await close();
    },
    close,
  };
}
