import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import { areaOf } from '../models/index.ts';
import type { CheckMeta, CoverageCell } from '../sut/evidence.ts';
import type { RuleResult, Verdict } from './results.ts';

/** A failure's short id for `vmp-conformance replay <id>`: stable for a rule across runs. */
export const failureIdOf = (ruleId: string): string => createHash('sha1').update(ruleId).digest('hex').slice(0, 7);

/** Collects one RuleResult per check from task.meta, as the run goes. */
export class ResultCollector implements Reporter {
  readonly results: RuleResult[] = [];
  readonly coverage = new Map<string, CoverageCell & { count: number }>();
  /** Errors outside any check (a suite file that failed to load, a hook that threw). */
  readonly unhandled: string[] = [];
  private readonly listeners: ((r: RuleResult) => void)[] = [];

  onResult(listener: (r: RuleResult) => void): void {
    this.listeners.push(listener);
  }

  /** A suite file that failed to load or whose hooks threw: its checks never ran, so the run must not pass. */
  onTestModuleEnd(testModule: TestModule): void {
    const file = path.relative(process.cwd(), testModule.moduleId);
    for (const error of testModule.errors()) this.unhandled.push(`${file}: ${error.message}`);
  }

  onTestRunEnd(_modules: readonly TestModule[], errors: readonly SerializedError[]): void {
    for (const error of errors) this.unhandled.push(error.message);
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().vmp as CheckMeta | undefined;
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    const duration = diagnostic?.duration ?? 0;
    const t = meta?.traffic;
    if (!meta) {
      if (result.state === 'failed') this.unhandled.push(`${testCase.fullName}: ${result.errors[0]?.message ?? 'failed'}`);
      return;
    }
    const verdict: Verdict = result.state === 'failed' ? 'fail' : result.state === 'skipped' ? 'skip' : meta.level === 'observe' ? 'observed' : 'pass';
    const ruleResult: RuleResult = {
      id: meta.ruleId,
      level: meta.level,
      section: meta.section,
      area: areaOf(meta.ruleId),
      statement: meta.statement,
      ...(meta.endpoint ? { endpoint: meta.endpoint } : {}),
      verdict,
      durationMs: duration,
      ...(diagnostic ? { startedAtMs: diagnostic.startTime } : {}),
      ...(verdict === 'fail' ? { failureId: failureIdOf(meta.ruleId), message: result.errors?.[0]?.message ?? 'failed' } : {}),
      ...(result.state === 'skipped' && result.note ? { skipReason: result.note } : {}),
      ...(meta.observation ? { observation: meta.observation } : {}),
      exchanges: meta.exchanges ?? [],
      ...(meta.property ? { property: meta.property } : {}),
      ...(meta.commands ? { commands: meta.commands } : {}),
      ...(meta.deliveries?.length ? { deliveries: meta.deliveries } : {}),
      ...(verdict === 'fail' && meta.departure ? { departure: meta.departure } : {}),
      instances: meta.instances ?? 0,
      // Only where the network did something: every rule's plain count would only grow results.json.
      ...(t && (Object.keys(t.retries).length > 0 || Object.keys(t.first).length > 0) ? { traffic: t } : {}),
      suite: path.basename(testCase.module.moduleId).replace(/\.[cm]?[jt]s$/, ''),
    };
    this.results.push(ruleResult);
    for (const cell of meta.coverage ?? []) {
      const key = `${cell.endpoint} ${cell.cell}`;
      const seen = this.coverage.get(key);
      if (seen) {
        seen.count += 1;
        if (cell.outcome === 'failed') seen.outcome = 'failed';
      } else this.coverage.set(key, { ...cell, count: 1 });
    }
    for (const l of this.listeners) l(ruleResult);
  }
}
