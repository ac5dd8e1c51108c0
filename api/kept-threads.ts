import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

// A vitest pool whose worker thread outlives the run. vitest's own thread pool ends its worker once a run's queue
// is empty, so every run of a session (the mutant gallery: hundreds of targets, one after another) paid a new
// thread and the evaluation of every suite module again — most of a narrow run's time. Here a run that ended
// cleanly (the worker answered "stopped") hands its thread to the next run; any other end terminates it.
// Module-level state of the suites' helpers therefore lives as long as the session: what belongs to one run is
// kept per run (suites/harness/run-scope.ts).

const ENTRY = fileURLToPath(new URL('./suite-worker.js', import.meta.url));
const NAME = 'vmp-kept-threads';

type Listener = (arg: unknown) => void;

export interface KeptThreads {
  pool: PoolRunnerInitializer;
  /** Terminates the threads the session still has (the one kept for a next run, and any still running). */
  close(): Promise<void>;
}

export function keptThreads(): KeptThreads {
  let idle: Worker | undefined;
  const live = new Set<Worker>();

  class KeptThreadWorker implements PoolWorker {
    readonly name = NAME;
    private current: Worker | undefined;
    private readonly listeners: [string, Listener][] = [];
    private stoppedCleanly = false;
    private readonly watch = (message: unknown) => {
      const m = message as { __vitest_worker_response__?: boolean; type?: string } | null;
      if (m?.__vitest_worker_response__ && m.type === 'stopped') this.stoppedCleanly = true;
    };

    constructor(private readonly options: PoolOptions) {}

    private get thread(): Worker {
      if (!this.current) throw new Error('the suite worker was used before it started or after it stopped');
      return this.current;
    }

    private get streams() {
      const { logger } = this.options.project.vitest;
      return { stdout: logger.outputStream, stderr: logger.errorStream };
    }

    async start(): Promise<void> {
      if (this.current) return;
      const thread = idle ?? new Worker(ENTRY, { env: this.options.env, execArgv: this.options.execArgv, stdout: true, stderr: true });
      idle = undefined;
      if (!live.has(thread)) {
        live.add(thread);
        thread.once('exit', () => {
          live.delete(thread);
          if (idle === thread) idle = undefined;
        });
      }
      this.current = thread;
      this.stoppedCleanly = false;
      thread.on('message', this.watch);
      thread.stdout.pipe(this.streams.stdout, { end: false });
      thread.stderr.pipe(this.streams.stderr, { end: false });
    }

    async stop(): Promise<void> {
      const thread = this.current;
      if (!thread) return;
      this.current = undefined;
      for (const [event, listener] of this.listeners.splice(0)) thread.off(event, listener);
      thread.off('message', this.watch);
      thread.stdout.unpipe(this.streams.stdout);
      thread.stderr.unpipe(this.streams.stderr);
      // Only a worker that tore its run down may serve the next one; a forced stop may leave it mid-run.
      if (this.stoppedCleanly && idle === undefined && live.has(thread)) idle = thread;
      else await thread.terminate();
    }

    send(message: WorkerRequest): void {
      this.thread.postMessage(message);
    }

    on(event: string, listener: Listener): void {
      this.listeners.push([event, listener]);
      this.thread.on(event, listener);
    }

    off(event: string, listener: Listener): void {
      this.current?.off(event, listener);
    }

    deserialize(data: unknown): unknown {
      return data;
    }
  }

  return {
    pool: { name: NAME, createPoolWorker: (options) => new KeptThreadWorker(options) },
    async close() {
      idle = undefined;
      await Promise.all([...live].map((w) => w.terminate().catch(() => undefined)));
    },
  };
}
