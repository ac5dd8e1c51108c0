import { monitorEventLoopDelay } from 'node:perf_hooks';

// Watches the load generator itself: when its event loop lags or its process uses a whole core, requests left
// late and responses were read late because of the generator, not the target, and the latencies say more about
// this machine than about the server. The result then says so and is marked unreliable.

export interface GeneratorHealth {
  eventLoopLagMs: { p50: number; p99: number; max: number };
  /** Process CPU time over wall time: 1 is one core fully busy (Node runs JavaScript on one core). */
  cpuCores: number;
  bottleneck: boolean;
  reasons: string[];
}

/** Lag p99 above this means timers and sockets were served late. */
export const LAG_P99_LIMIT_MS = 50;
/** CPU this close to a full core means the generator could not go faster. */
export const CPU_LIMIT_CORES = 0.9;

export function watchGenerator(options: { sharesProcessWithTarget?: boolean } = {}): { stop(): GeneratorHealth } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  return {
    stop() {
      delay.disable();
      const cpu = process.cpuUsage(cpuStart);
      const wallMs = Math.max(1, performance.now() - wallStart);
      const ns = (v: number) => (Number.isFinite(v) ? v / 1e6 : 0);
      const eventLoopLagMs = { p50: ns(delay.percentile(50)), p99: ns(delay.percentile(99)), max: ns(delay.max) };
      const cpuCores = (cpu.user + cpu.system) / 1000 / wallMs;
      const reasons: string[] = [];
      if (eventLoopLagMs.p99 > LAG_P99_LIMIT_MS) reasons.push(`event-loop lag p99 ${eventLoopLagMs.p99.toFixed(1)} ms > ${LAG_P99_LIMIT_MS} ms`);
      if (cpuCores >= CPU_LIMIT_CORES) reasons.push(`generator CPU ${(cpuCores * 100).toFixed(0)}% of a core`);
      if (reasons.length > 0 && options.sharesProcessWithTarget) reasons.push('the embedded target runs in this process, so its work counts here too');
      return { eventLoopLagMs, cpuCores, bottleneck: reasons.length > 0, reasons };
    },
  };
}
