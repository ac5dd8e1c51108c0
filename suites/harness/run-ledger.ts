import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { SendRequest, TargetClient, TargetResponse } from '../../sut/client.ts';
import { matchEndpoint } from '../../sut/endpoint-match.ts';
import type { Exchange } from '../../sut/evidence.ts';

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

/** Sightings kept with their evidence; beyond these only the count grows. */
const KEEP = 50;

/** A status line of 500-599: a server error. No status (a timeout, a reset) is a transport failure, not one. */
export const isServerError = (status: number | undefined): boolean => status !== undefined && status >= 500 && status <= 599;

export class RunLedger {
  /** Requests sent in the run. */
  sent = 0;
  /** 5xx answers, counted or not. */
  serverErrors = 0;
  readonly sightings: ServerErrorSighting[] = [];
  private readonly keys = new Set<string>();

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
    if (!isServerError(res.status)) return;
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
