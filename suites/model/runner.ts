import { endpoint, LIMITS, type MediaForm } from '../../models/index.ts';
import { callEndpoint, type EndpointCall } from '../../sut/call.ts';
import type { SendRequest, TargetClient, TargetResponse } from '../../sut/client.ts';
import { fillTemplate } from '../../sut/templates.ts';
import type { HookAnswer, HooksAdapter } from '../../sut/hooks/hooks-adapter.ts';
import { runHooks } from '../events/hooks.ts';
import { runContext, targetClient, type RunContext } from '../harness/context.ts';
import type { CommandModelFailure } from '../harness/command-model.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';
import type { Difference, Expectation } from './compare.ts';
import { judgeForms } from './forms.ts';
import { ModelLedger } from './ledger.ts';
import { SetupError, type Pool } from './pool.ts';
import { pageSize, type WalkedPage } from './selection.ts';
import type { App, World } from './world.ts';

// The model run's handle on the target: it sends outside any one check (the parts of the run are shared by the
// rules that are views on them, run.ts), records every judgement in the ledger, and keeps the world the model
// knows. Requests still reach the run ledger (the never-5xx guard), credited to the part that sent them.

/**
 * The largest answer the read cache keeps. A page within the spec's limits is a few kilobytes; a target answering
 * megabytes (a list of a million entries) would otherwise have each distinct read's parsed body held until the next
 * write, hundreds of megabytes in the reads part. Past it the read is simply sent again.
 */
const CACHED_READ_CHARS = 256 * 1024;

export class ModelRunner {
  readonly ledger = new ModelLedger();
  world: World | undefined;
  /** Agencies the run registered, with the app that dissociates each when the file ends (Safety). */
  readonly made: { app: App; adminMail: string }[] = [];
  /** The answer of the last hook request: the evidence of an event the run provoked. */
  lastHook: TargetResponse | undefined;
  /** The agencies the writes part made, for the parts after it. */
  pool: Pool | undefined;
  /** A failed command sequence, for the check of model/command-sequences to report with its replay data. */
  sequenceFailure: CommandModelFailure | undefined;
  /** Verdicts that wait for time to pass (a delivery deadline): taken when the model run ends (settle). */
  readonly settling: (() => Promise<void>)[] = [];
  /** Callback URLs handed out so far: each configuration gets one of its own. */
  private urls = 0;
  private edits = 0;

  constructor(readonly session: WebhookSession) {}

  get ctx(): RunContext {
    return runContext();
  }

  get client(): TargetClient {
    return targetClient();
  }

  /** Reads answered since the last write the run sent, by request: a read repeated before any write is not sent again. */
  private readonly reads = new Map<string, TargetResponse>();

  /** Sends a catalog request; a read of a row with a reference form is also asked in its other forms (forms.ts). */
  async send(endpointId: string, call: EndpointCall = {}): Promise<TargetResponse> {
    if (endpoint(endpointId).method !== 'GET') this.reads.clear();
    const res = await callEndpoint(this.client, endpointId, call);
    await judgeForms(this, endpointId, call, res);
    return res;
  }

  /** A GET of a catalog row, answered from the reads since the last write when the same request was made there. */
  async read(endpointId: string, call: EndpointCall): Promise<TargetResponse> {
    const key = JSON.stringify([endpointId, call]);
    const kept = this.reads.get(key);
    if (kept) return kept;
    const res = await this.send(endpointId, call);
    if (res.text.length <= CACHED_READ_CHARS) this.reads.set(key, res);
    return res;
  }

  sendRaw(req: SendRequest): Promise<TargetResponse> {
    if (req.method !== 'GET') this.reads.clear();
    return this.client.send(req);
  }

  /** Makes an inquiry arrive through the hooks (or completes a registration), as `app`; the answer, done or not. */
  async hook<K extends 'inquiry' | 'registration'>(kind: K, order: Parameters<HooksAdapter[K]>[0]): Promise<HookAnswer> {
    this.reads.clear();
    const hooks = runHooks(this.ctx, (req) => this.client.send(req));
    const answer = await (hooks[kind] as (o: typeof order) => Promise<HookAnswer>)(order);
    this.lastHook = answer.res;
    return answer;
  }

  /** Takes the verdicts that waited for the run to go on (settling), once each. */
  async settle(): Promise<void> {
    for (const verdict of this.settling.splice(0)) await verdict();
  }

  /** Compares an answer with its prediction; records the instance and gives back the differences. */
  judge(e: Expectation, res: TargetResponse): Difference[] {
    return this.ledger.judge(e, res);
  }

  /**
   * An AgenciaEdit body from the profile's template whose {{runId}} members get a value no earlier edit gave,
   * so a write that should have been refused shows if it was stored; undefined when the profile knows none.
   */
  editBody(adminMail: string): Record<string, unknown> | undefined {
    const template = this.ctx.profile.templates.agenciaEdit;
    return template === null ? undefined : fillTemplate(template, { adminMail, runId: `${this.ctx.runId}.${++this.edits}` });
  }

  /** A callback URL on the run's receiver no other configuration has, nor contains (it ends with `-cb`). */
  async callbackUrl(app: App, what: string): Promise<string> {
    return this.session.callbackUrl(`model-${app}-${what}-${++this.urls}-cb`);
  }

  /**
   * Every page of one inquiry-list query as `app`: page 1 without pagina, then up to the last page its Total
   * and PerPagina give (never past pagina's maximum). A first answer that is not 200 is the walk.
   */
  async walk(app: App, adminMail: string, query: Record<string, string>, form: MediaForm = 'json'): Promise<WalkedPage[]> {
    const call = (pagina?: number) =>
      this.send('consultas-list', { app, params: { adminMail }, query: { ...query, ...(pagina !== undefined ? { pagina: String(pagina) } : {}) }, form });
    const first = await call();
    const pages: WalkedPage[] = [{ pagina: undefined, res: first }];
    const total = (first.json as { Total?: unknown } | undefined)?.Total;
    if (first.status !== 200 || typeof total !== 'number') return pages;
    const last = Math.min(Math.ceil(total / pageSize(first, this.ctx.profile.inquiryPageSize)), LIMITS.pagina.maximum);
    for (let pagina = LIMITS.pagina.first + 1; pagina <= last; pagina++) pages.push({ pagina, res: await call(pagina) });
    return pages;
  }
}

/** The world the reads part fed the model with: the parts after it start from it. */
export function worldOf(r: ModelRunner): World {
  if (!r.world) throw new SetupError('the reads part could not feed the model with what the target shows');
  return r.world;
}
