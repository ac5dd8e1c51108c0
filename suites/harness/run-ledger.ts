import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { SendRequest, TargetClient, TargetResponse } from '../../sut/client.ts';
import { matchEndpoint } from '../../sut/endpoint-match.ts';
import type { Departure, Finding } from '../../sut/departure.ts';
import type { Exchange } from '../../sut/evidence.ts';
import { propertyNames } from './error-keys.ts';
import { FormAgreement } from './form-agreement.ts';
import { InquiryRefs } from './inquiry-refs.ts';
import { PresenceLedger } from './presence-stable.ts';
import { judges, PROBLEM_JUDGES } from './problem-judges.ts';
import { REPRESENTATION_JUDGES } from './representation-judges.ts';
import { TEMPLATES_RULE, templateVerdict } from './template-refusal.ts';

// Every exchange of a run, whichever check (or a suite's set-up or clean-up) sent it, is heard here (issue 12
// §4). errors/no-server-error runs last (api/suite-session.ts) and reports any 5xx of the whole run with the
// check — and the property run — that produced it, and does not send again what the run already sent.
// The suites run in one worker with the module graph kept between files, so one ledger per run id lasts
// the whole run; a new run id (the mutant gallery runs many targets in one session) starts a new one.

/** The property run that sent a request: replay it with fast-check's seed and path (the run's index). */
export interface PropertyOrigin {
  seed: number;
  /** The index of the run among the generated ones; absent once the property had failed and was shrinking. */
  path?: string;
}

export interface Origin {
  ruleId: string;
  property?: PropertyOrigin;
}

export interface ServerErrorSighting {
  exchange: Exchange;
  status: number;
  /** Whether the spec decides the request: a row of the catalog, sent with an app's credentials. */
  counted: boolean;
  /** Who sent it; absent for a suite's set-up or clean-up. */
  ruleId?: string;
  /** The property run that generated it (the request itself is the exchange, as curl). */
  property?: PropertyOrigin;
}

/** An answer of the run that a rule judged on every answer it hears (problem-judges.ts, representation-judges.ts) found at fault. */
export interface HeardFault {
  exchange: Exchange;
  issue: string;
  /** What the target did (sut/departure.ts), when the judge could tell. */
  departure?: Departure;
  /** Who sent it; absent for a suite's set-up or clean-up. */
  ruleId?: string;
}

/** What the run heard of one such rule: how many answers it judged and the first faults. */
export interface HeardVerdicts {
  judged: number;
  faults: HeardFault[];
}

/** Sightings kept with their evidence; beyond these only the count grows. */
const KEEP = 50;
/** Faults kept per rule judged on every answer. */
const KEEP_FAULTS = 3;

/** A status line of 500-599: a server error. No status (a timeout, a reset) is a transport failure, not one. */
export const isServerError = (status: number | undefined): boolean => status !== undefined && status >= 500 && status <= 599;

export class RunLedger {
  /** Requests sent in the run. */
  sent = 0;
  /** 5xx answers, counted or not. */
  serverErrors = 0;
  readonly sightings: ServerErrorSighting[] = [];
  private readonly keys = new Set<string>();
  /** Per rule judged on every answer: the answers judged per sender (a check's rule id, '' outside any check), and faults. */
  private readonly heard = new Map<string, { judged: Map<string, number>; faults: HeardFault[] }>();
  private basePath?: string;
  /** Every pair of full-form reads of one request in one state (form-agreement.ts). */
  readonly forms = new FormAgreement();
  /** What a resource showed before each PUT of it, held to its answer and the reads after (presence-stable.ts). */
  readonly presence = new PresenceLedger();
  /** Every inquiry reference form heard, to be followed (inquiry-refs.ts). */
  readonly inquiryRefs = new InquiryRefs();

  constructor(
    readonly runId: string,
    private readonly client: TargetClient,
  ) {}

  /** A request's identity: method, URL, app, media form, headers and body (hashed: URLs may be 10 kB). */
  key(req: SendRequest): string {
    const body = req.json !== undefined ? JSON.stringify(req.json) : (req.body ?? null);
    const app = req.app === undefined ? 'primary' : req.app;
    const parts = [req.method, this.client.url(req.path, req.query, req.form), app, req.form ?? null, req.headers ?? {}, body, req.contentType ?? null];
    return createHash('sha1').update(JSON.stringify(parts)).digest('base64');
  }

  /** Whether the run already sent this very request. */
  wasSent(req: SendRequest): boolean {
    return this.keys.has(this.key(req));
  }

  hear(req: SendRequest, res: TargetResponse, origin: Origin | undefined): void {
    this.sent += 1;
    this.keys.add(this.key(req));
    const row = req.app === null ? undefined : matchEndpoint(req.method, req.path, req.endpointId);
    this.forms.hear(req, res, row);
    this.presence.hear(req, res, row);
    this.inquiryRefs.hear(req, res, row);
    this.judge(req, res, origin);
    // A 503 with Retry-After that stayed one is a deploy's "come back later", not a server error (sut/infrastructure.ts).
    if (!isServerError(res.status) || res.lost) return;
    this.serverErrors += 1;
    if (this.sightings.length >= KEEP) return;
    const counted = req.app !== null && matchEndpoint(req.method, req.path, req.endpointId) !== undefined;
    const p = origin?.property;
    this.sightings.push({
      exchange: res.exchange,
      status: res.status!,
      counted,
      ...(origin ? { ruleId: origin.ruleId } : {}),
      ...(p ? { property: { seed: p.seed, ...(p.path !== undefined ? { path: p.path } : {}) } } : {}),
    });
  }

  /**
   * Judges an answer of a row, sent with an app's credentials, by every rule that judges each answer it hears
   * (the problem bodies of Errors, the Conventions of success bodies): the rows and provocations of the whole
   * run, not only its examples.
   */
  private judge(req: SendRequest, res: TargetResponse, origin: Origin | undefined): void {
    if (req.app === null || res.status === undefined || res.error || res.lost || res.status < 200) return;
    const e = matchEndpoint(req.method, req.path, req.endpointId);
    if (!e) return;
    const by = origin?.ruleId ?? '';
    const use = templateVerdict(res, this.client.profile.templates);
    if (use) this.record(TEMPLATES_RULE, by, 1, use.issue === undefined ? undefined : { text: use.issue }, res, origin);
    if (res.status < 300) {
      // The Conventions of a representation, on every success answer (representation-judges.ts).
      this.basePath ??= new URL(this.client.baseUrl).pathname;
      for (const j of REPRESENTATION_JUDGES) {
        const { judged, issue, departure } = j.issue(res, e, this.basePath);
        if (judged > 0) this.record(j.ruleId, by, judged, issue === undefined ? undefined : { text: issue, ...(departure ? { departure } : {}) }, res, origin);
      }
      return;
    }
    if (res.status < 400) return;
    for (const j of PROBLEM_JUDGES) {
      if (!judges(j, e, res)) continue;
      // The rule's own check judges what it sends itself: only the faults of others' answers are kept.
      if (by === j.ruleId) {
        this.record(j.ruleId, by, 1, undefined, res, origin);
        continue;
      }
      this.basePath ??= new URL(this.client.baseUrl).pathname;
      const issue = j.issue(res, { basePath: this.basePath, properties: propertyNames(e, req, this.client.profile) });
      this.record(j.ruleId, by, 1, issue, res, origin);
    }
  }

  private record(ruleId: string, by: string, judged: number, issue: Finding | undefined, res: TargetResponse, origin: Origin | undefined): void {
    const verdicts = this.heard.get(ruleId) ?? { judged: new Map<string, number>(), faults: [] };
    this.heard.set(ruleId, verdicts);
    verdicts.judged.set(by, (verdicts.judged.get(by) ?? 0) + judged);
    if (issue && verdicts.faults.length < KEEP_FAULTS)
      verdicts.faults.push({
        exchange: res.exchange,
        issue: issue.text,
        ...(issue.departure ? { departure: issue.departure } : {}),
        ...(origin ? { ruleId: origin.ruleId } : {}),
      });
  }

  /**
   * What a rule judged on every answer heard, leaving out the answers its own check sent (it judges those itself)
   * unless `own`: a rule whose check judges only through the ledger (representation-judges.ts).
   */
  heardVerdicts(ruleId: string, own = false): HeardVerdicts {
    const verdicts = this.heard.get(ruleId);
    if (!verdicts) return { judged: 0, faults: [] };
    const judged = [...verdicts.judged].reduce((n, [by, count]) => (by === ruleId && !own ? n : n + count), 0);
    return { judged, faults: verdicts.faults };
  }
}

let ledger: RunLedger | undefined;
/**
 * Who is sending, along each check's own chain of awaits: read-only checks run concurrently (api/suite-session.ts),
 * so a request is credited to the check (and the property run) whose code sent it, not to the last one started.
 */
const origin = new AsyncLocalStorage<Origin>();

/** Starts the ledger of a run on its client: every exchange the client makes from now on is heard. */
export function watchRun(runId: string, client: TargetClient): void {
  ledger = new RunLedger(runId, client);
  const heard = ledger;
  client.listen((req, res) => heard.hear(req, res, origin.getStore()));
}

/** The ledger of the run, or undefined before its client was made. */
export const runLedger = (runId: string): RunLedger | undefined => (ledger?.runId === runId ? ledger : undefined);

/** Runs `body` as sent by `next` (a check, or one run of its property): every request it sends is marked so. */
export function sendingAs<T>(next: Origin, body: () => Promise<T>): Promise<T> {
  return origin.run(next, body);
}
