import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../reports/results.ts';
import { FAULTS, type Fault } from './chaos-proxy.ts';
import { chaosRun, type ChaosRunResult } from './chaos-run.ts';

// Issue 7, Chaos servers: one endpoint of a healthy reference server attacks the client; the whole run must
// still end within a bound set by the timeout, exit 1 (not 0, not 3, not a crash), name the endpoint and what
// went wrong in results.json, and stay within its memory.

interface Case {
  fault: Fault;
  /** The sabotaged endpoint. One the reachability check and fixture discovery read (GET /v3/agencias) is
   * no exception: a target that answers there, however wrongly, is tested (exit 1), not "unreachable" (3). */
  pathPrefix: string;
  /** What results.json must say went wrong, in a failed rule's message or evidence about that endpoint. */
  what: RegExp;
}

const TIMEOUT_MS = 2_000;
const CASES: Case[] = [
  { fault: 'never-answers', pathPrefix: '/v3/carrocerias', what: /VMP_ERR_TIMEOUT: no complete response within 2000 ms: no status line arrived/ },
  {
    fault: 'truncated',
    pathPrefix: '/v3/colores',
    what: /VMP_ERR_PROTOCOL: response truncated: the connection was closed by the target after status 200 arrived, then \d+ of \d+ body bytes/,
  },
  { fault: 'huge-body', pathPrefix: '/v3/marcas', what: /VMP_ERR_BODY_TOO_LARGE: response body exceeds 5242880 bytes/ },
  { fault: 'reset', pathPrefix: '/v3/ciudades', what: /VMP_ERR_CONNECTION: the connection was reset by the target before any response/ },
  {
    fault: 'trickle',
    pathPrefix: '/v3/carrocerias',
    what: /VMP_ERR_TIMEOUT: no complete response within 2000 ms: status 200 arrived, then \d+ of \d+ body bytes/,
  },
  { fault: 'invalid-utf8', pathPrefix: '/v3/colores', what: /VMP_ERR_INVALID_UTF8: response body \(\d+ bytes\) is not valid UTF-8 at byte \d+/ },
  {
    fault: 'content-length-over',
    pathPrefix: '/v3/marcas',
    what: /VMP_ERR_TIMEOUT: no complete response within 2000 ms: status 200 arrived, then (\d+) of (?!\1\b)\d+ body bytes/,
  },
  // The client reads the declared half and cannot know more was sent: the truncated JSON is what it sees.
  { fault: 'content-length-under', pathPrefix: '/v3/ciudades', what: /the body is not JSON \(/ },
  // Issue 13 item 10: a body over the cap where discovery reads the agency list fails a rule; it is not exit 3.
  { fault: 'huge-body', pathPrefix: '/v3/agencias', what: /VMP_ERR_BODY_TOO_LARGE: response body exceeds 5242880 bytes/ },
];

/** Faults whose every sabotaged request waits out a full deadline. */
const DEADLINE_FAULTS: ReadonlySet<Fault> = new Set(['never-answers', 'trickle', 'content-length-over']);

// The bound: a healthy run plus what the fault costs.
// - Healthy: a full run through the proxy takes ~9 s alone on a quiet 2-core machine (about 5 s of CLI and
//   vitest start-up, 3–4 s of checks), 15–30 s with three other chaos runs beside it, and up to 65 s when
//   other work loads the machine as well; HEALTHY_RUN_MS covers that.
// - The fault: a request that fails fast costs next to nothing; one that hangs costs one deadline, and the
//   client's circuit breaker lets only the first request per endpoint key wait it out. A sabotaged prefix
//   covers up to 3 catalog endpoints (list, bestmatch, {id}) plus raw paths under it, and today each suite
//   file gets its own client (suites/harness/context.ts caches it by the identity of the injected context,
//   which vitest hands each file anew), so measured runs let 6–8 requests wait a deadline; MAX_DEADLINES
//   allows 12. Before the breaker the same runs let 32–39 requests wait a deadline.
// The wall clock depends on the machine's load; the count of requests that waited a deadline does not, so
// that count (asserted below) is the exact measure of the breaker, and the bound the guard against a hang.
const HEALTHY_RUN_MS = 75_000;
const MAX_DEADLINES = 12;
const BOUND_MS = HEALTHY_RUN_MS + MAX_DEADLINES * TIMEOUT_MS;

/** At most this many runs at once: each is a CLI process with a vitest worker, on 2 cores. */
const PARALLEL = 4;
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(task: () => Promise<T>): Promise<T> {
  while (running >= PARALLEL) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const pathOf = (url: string) => new URL(url).pathname;
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Failed rules whose message, or an exchange of whose evidence, names GET on the prefix and matches `what`. */
function reporting(results: RunResult, c: Case): string[] {
  const named = new RegExp(`\\[GET\\] ${c.pathPrefix}(/|\\?|:)`);
  return results.rules
    .filter((r) => r.verdict === 'fail')
    .filter(
      (r) =>
        (named.test(r.message ?? '') && c.what.test(r.message ?? '')) ||
        r.exchanges.some((x) => x.method === 'GET' && under(pathOf(x.url), c.pathPrefix) && c.what.test(`${x.error ?? ''} ${r.message ?? ''}`)),
    )
    .map((r) => r.id);
}

/** Transport errors in failed rules' messages that blame a request outside the sabotaged prefix. */
function misattributed(results: RunResult, prefix: string): string[] {
  return results.rules
    .filter((r) => r.verdict === 'fail' && /VMP_ERR_/.test(r.message ?? ''))
    .filter((r) => {
      const path = /^\[\w+\] ([^?:\s]+)/.exec(r.message ?? '')?.[1];
      return path !== undefined && !under(path, prefix);
    })
    .map((r) => `${r.id}: ${r.message}`);
}

describe.concurrent('chaos servers: the run survives an endpoint that attacks the client', () => {
  it('every fault the proxy knows has a case', () => {
    expect([...new Set(CASES.map((c) => c.fault))].sort()).toEqual([...FAULTS].sort());
  });

  it.each(CASES)(
    '$fault on GET $pathPrefix → exit 1 within the bound, the endpoint and the fault reported',
    async (c) => {
      const run: ChaosRunResult = await limited(() =>
        chaosRun({ fault: c.fault, method: 'GET', pathPrefix: c.pathPrefix, timeoutMs: TIMEOUT_MS, runs: 5, seed: 1, killAfterMs: BOUND_MS + 30_000 }),
      );
      const context = `${c.fault}: exit ${run.code} (${run.signal ?? 'no signal'}) after ${Math.round(run.wallMs)} ms, peak RSS ${Math.round(run.peakRssMb)} MiB, ${run.sabotaged.length} sabotaged requests, ${run.abandoned.length} abandoned\n${run.stderr.slice(-2_000)}`;
      console.log(context.split('\n')[0]);

      expect(run.signal, context).toBeNull();
      expect(run.code, context).toBe(1);
      expect(run.stderr, context).not.toMatch(/^\s+at /m);
      expect(`${run.stdout}\n${run.stderr}`, context).not.toMatch(/out of memory|ERR_WORKER_OUT_OF_MEMORY/i);
      expect(run.wallMs, context).toBeLessThan(BOUND_MS);
      // A healthy run peaks near 550 MiB (tsx, vitest and its worker); a buffered 50 MB body, its string and its
      // parse would add hundreds more.
      expect(run.peakRssMb, context).toBeLessThan(900);
      expect(run.sabotaged.length, context).toBeGreaterThan(0);
      // The breaker, measured without a clock: how many requests waited out a deadline.
      if (DEADLINE_FAULTS.has(c.fault)) expect(run.abandoned.length, context).toBeLessThanOrEqual(MAX_DEADLINES);

      const results = run.results!;
      expect(results, context).toBeDefined();
      expect(results.exitCode).toBe(1);
      expect(results.unhandledErrors).toEqual([]);
      expect(reporting(results, c), `no failed rule names GET ${c.pathPrefix} and ${c.what}`).not.toEqual([]);
      expect(misattributed(results, c.pathPrefix)).toEqual([]);
    },
    2 * BOUND_MS + 30_000,
  );
});
