import { todayIn } from '../../models/index.ts';
import { TargetClient } from '../../sut/client.ts';
import type { Fixtures } from '../../sut/discovery.ts';
import { loadProfile } from '../../sut/profile-load.ts';
import type { Profile } from '../../sut/profile.ts';
import { fillTemplate } from '../../sut/templates.ts';
import type { RunContext } from '../../suites/harness/context.ts';
import type { WebhookSession } from '../../suites/harness/webhook-session.ts';
import { ModelRunner } from '../../suites/model/runner.ts';
import { emptyWorld, type World } from '../../suites/model/world.ts';
import { LOCAL_CAPTURE } from '../../sut/capture-reach.ts';

// A model runner on a target outside a conformance run (no vitest inject, no suite file): the run context and the
// client are given, and the webhook session is a stub that configures nothing on its own (the model's parts
// configure topics themselves) and points callbacks at a port nothing listens on.

export const PROFILE_FILE = 'profiles/reference.json';

class TestRunner extends ModelRunner {
  constructor(
    private readonly given: RunContext,
    private readonly own: TargetClient,
    session: WebhookSession,
  ) {
    super(session);
  }
  override get ctx(): RunContext {
    return this.given;
  }
  override get client(): TargetClient {
    return this.own;
  }
}

const stubSession = (ctx: RunContext): WebhookSession => ({
  guard: async () => undefined,
  unreachable: () => 'no receiver in this test',
  receiver: () => Promise.reject(new Error('no receiver in this test')),
  waitForDelivery: async () => undefined,
  forgedNote: async () => '',
  callbackUrl: async (name) => `http://127.0.0.1:9/${name}`,
  upsertBody: (url) => fillTemplate(ctx.profile.templates.webhookUpsert, { url, runId: ctx.runId }),
  configure: () => Promise.reject(new Error('not in this test')),
  onCleanup: () => undefined,
});

const NO_FIXTURES: Fixtures = { agencies: [], otherAgencies: [], inquiryTotal: 0, missing: {}, faults: [] };

export async function testRunner(baseUrl: string, profile?: Profile): Promise<{ r: ModelRunner; world: World; close: () => Promise<void> }> {
  const p = profile ?? (await loadProfile(PROFILE_FILE));
  const runId = `t${Date.now().toString(36)}`;
  const ctx: RunContext = {
    baseUrl,
    profile: p,
    fixtures: NO_FIXTURES,
    runId,
    seed: 1,
    numRuns: 3,
    readOnly: false,
    timeoutMs: 5_000,
    maxBodyBytes: 8 * 1024 * 1024,
    secrets: [],
    today: todayIn(p.timeZone),
    capture: LOCAL_CAPTURE,
    discardUnrestorableWebhooks: false,
  };
  const client = new TargetClient({ baseUrl, profile: p, timeoutMs: ctx.timeoutMs, maxBodyBytes: ctx.maxBodyBytes, secrets: [] });
  const r = new TestRunner(ctx, client, stubSession(ctx));
  const world = emptyWorld(['primary', 'other', 'empty'], `${runId}-nadie@example.test`);
  r.world = world;
  return { r, world, close: () => client.close() };
}
