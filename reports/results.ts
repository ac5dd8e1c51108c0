import { z } from 'zod';
import { departureSchema } from '../sut/departure.ts';
import { coverageCellSchema, deliveryEvidenceSchema, exchangeSchema, propertyReplaySchema } from '../sut/evidence.ts';
import { transportFactsSchema } from '../sut/transport-notes.ts';

// results.json: the machine-readable record of one run, the input of every other report.
export const verdictSchema = z.enum(['pass', 'fail', 'skip', 'observed']);
export type Verdict = z.infer<typeof verdictSchema>;

export const ruleResultSchema = z.object({
  id: z.string(),
  level: z.enum(['must', 'profile', 'observe']),
  section: z.string(),
  area: z.string(),
  statement: z.string(),
  endpoint: z.string().optional(),
  verdict: verdictSchema,
  durationMs: z.number().nonnegative(),
  /** When the check started (epoch ms): checks of a file run several at a time, so durations overlap (junit.ts). */
  startedAtMs: z.number().optional(),
  /** Short id of a failure, for `vmp-conformance replay <id>`. */
  failureId: z.string().optional(),
  message: z.string().optional(),
  /** What went wrong, apart from where (reports/failure-cause.ts): failures with one cause are read together. */
  cause: z.string().optional(),
  /** What the target did where the check failed, when the check could tell (sut/departure.ts); its key is the cause. */
  departure: departureSchema.optional(),
  skipReason: z.string().optional(),
  observation: z.string().optional(),
  exchanges: z.array(exchangeSchema).default([]),
  property: propertyReplaySchema.optional(),
  commands: z.array(z.string()).optional(),
  /** Webhook deliveries a delivery rule judged, in the order they arrived. */
  deliveries: z.array(deliveryEvidenceSchema).optional(),
  /** Instances of the rule's statement the check judged (0 for a check skipped before judging any). */
  instances: z.number().int().nonnegative().optional(),
  /** Baseline comparison, when a baseline was given. */
  baseline: z.enum(['still-failing', 'now-passing', 'new-failure']).optional(),
  /** The suite file that holds the rule's check (its name without extension): what `replay` loads. */
  suite: z.string().optional(),
});
export type RuleResult = z.infer<typeof ruleResultSchema>;

export const coverageStateSchema = z.enum(['exercised', 'not-exercised', 'failed']);
export type CoverageState = z.infer<typeof coverageStateSchema>;

export const coverageMatrixSchema = z.array(
  z.object({
    endpoint: z.string(),
    label: z.string(),
    columns: z.array(z.object({ cell: z.string(), state: coverageStateSchema })),
    /** Statuses the endpoint answered that its row does not document. */
    undocumented: z.array(z.object({ cell: z.string(), state: coverageStateSchema })).default([]),
  }),
);
export type CoverageMatrix = z.infer<typeof coverageMatrixSchema>;

/** The comparison with a --baseline file (known failures, like web-platform-tests expectations). */
export const baselineComparisonSchema = z.object({
  file: z.string(),
  /** In the baseline and failing now: known, they do not fail the run. */
  stillFailing: z.array(z.string()),
  /** In the baseline and passing now: the baseline can shrink. */
  nowPassing: z.array(z.string()),
  /** Failing now and not in the baseline, or failing in a way the baseline does not expect: these fail the run. */
  newFailures: z.array(z.string()),
  /** Those of newFailures the baseline lists with another cause: known to fail, failing in a new way now. */
  newCauses: z.array(z.string()).default([]),
  /** In the baseline but not run (filtered out by --only, or skipped). */
  notRun: z.array(z.string()),
});
export type BaselineComparison = z.infer<typeof baselineComparisonSchema>;

/** How the run judged one statement of the spec (models/statements/): through the verdicts of its rules. */
export const statementVerdictSchema = z.enum(['fail', 'pass', 'skip', 'observed', 'not-run', 'restated', 'unchecked']);
export type StatementVerdict = z.infer<typeof statementVerdictSchema>;

export const specCoverageSchema = z.array(
  z.object({
    id: z.string(),
    section: z.string(),
    quote: z.string(),
    verdict: statementVerdictSchema,
    /** Its rules and their verdicts in this run (absent when the run did not select the rule). */
    rules: z.array(z.object({ id: z.string(), level: z.enum(['must', 'profile', 'observe']), verdict: verdictSchema.optional() })),
    reason: z.string().optional(),
    restatedBy: z.array(z.string()).optional(),
  }),
);
export type SpecCoverage = z.infer<typeof specCoverageSchema>;

export const runResultSchema = z.object({
  tool: z.object({ name: z.literal('vmp-conformance'), version: z.string() }),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  seed: z.number().int(),
  /**
   * How to reach the target again (`replay`): its base URL and the profile file the run read, as an absolute path.
   * Never a secret: the profile's credentials stay in that file (or in the environment it names).
   */
  target: z.object({
    baseUrl: z.string(),
    embedded: z.boolean(),
    profileFile: z.string().optional(),
    /** How the run reached it (CAs, client certificate, --insecure, proxy): files by path, never their content. */
    transport: transportFactsSchema.optional(),
  }),
  /** Where the run wrote its reports (absolute): the replay commands the reports print name its results.json. */
  reportDir: z.string().optional(),
  /** The profile with every secret header value redacted. */
  profile: z.record(z.string(), z.unknown()),
  options: z.object({
    runs: z.number().int(),
    readOnly: z.boolean(),
    only: z.string().optional(),
    exclude: z.string().optional(),
    /** --endpoint and --method, as comma lists. */
    endpoint: z.string().optional(),
    method: z.string().optional(),
    timeoutMs: z.number().int().optional(),
  }),
  summary: z.object({ passed: z.number(), failed: z.number(), skipped: z.number(), observed: z.number() }),
  rules: z.array(ruleResultSchema),
  coverage: z.array(coverageCellSchema.extend({ count: z.number().int() })).default([]),
  coverageMatrix: coverageMatrixSchema.default([]),
  /** Every statement of the spec with its rules' verdicts: the "spec coverage" view. */
  specCoverage: specCoverageSchema.default([]),
  baseline: baselineComparisonSchema.optional(),
  /**
   * The run was stopped by a signal (exit 130 SIGINT, 143 SIGTERM): the results are partial, rules not reached
   * are skipped as not run, and `restore` says what the run had changed on the target and put back.
   */
  interrupted: z.object({ signal: z.string(), restored: z.array(z.string()), notRestored: z.array(z.string()) }).optional(),
  /** Profile values the run inferred from the target because its profile left them out (issue 14), with how. */
  inferred: z.array(z.object({ key: z.string(), value: z.unknown(), how: z.string(), unverified: z.record(z.string(), z.string()).optional() })).optional(),
  /** What fixture discovery found wrong before the checks (each fault also fails its rule), and fixtures it could not find. */
  discovery: z.array(z.string()).optional(),
  /** Errors outside any check (a suite that failed to load, a hook that threw): they fail the run. */
  unhandledErrors: z.array(z.string()).default([]),
  /** The run's bound (--max-duration): reached, it cut checks short and fails the run. */
  deadline: z.object({ seconds: z.number().int(), reached: z.boolean() }).optional(),
  /** Why the run could not start its checks (exit 3: no connection to the target, or the credentials rejected). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  exitCode: z.number().int(),
});
export type RunResult = z.infer<typeof runResultSchema>;
