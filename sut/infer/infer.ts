import type { WebhookSnapshot } from '../webhook-config.ts';
import { TargetClient } from '../client.ts';
import type { RunDeadline } from '../deadline.ts';
import { discover, type Fixtures } from '../discovery.ts';
import type { DraftProfile, Profile } from '../profile.ts';
import { completeProfile } from '../profile-load.ts';
import { secretsOf } from '../secrets.ts';
import { agenciasInferrer } from './agencias.ts';
import { bodyTypeInferrer } from './body-type.ts';
import { catalogKeysInferrer } from './catalog-keys.ts';
import { InferChanges } from './changes.ts';
import { hooksInferrer } from './hooks.ts';
import { inquiryListInferrer } from './inquiry-list.ts';
import { marcasNoMatchInferrer } from './marcas-no-match.ts';
import { mediaInferrer } from './media.ts';
import { pastLastPageInferrer } from './past-last-page.ts';
import { found, gives, outcome, withValue, type Finding, type Hint, type Inferrer, type Probe, type Receiver, type SignatureVerifier } from './probe.ts';
import { resendAgeInferrer } from './resend-age.ts';
import { topicAvailabilityInferrer } from './topic-availability.ts';
import { webhooksInferrer } from './webhooks.ts';
import type { TransportSettings } from '../transport.ts';

export type { Finding, Hint, Receiver, Received, SignatureVerifier } from './probe.ts';

// The table of inferrers, in the order their findings feed each other: the media selection first (every later
// request names a form), the fixture agency (discovery.ts) next, then the hooks, the inquiry list's page size and
// zone, the catalog, the webhook topics and template (which the agency probing and the resend bound need).

/** Chosen, not inferred: a reserved domain (RFC 2606), where no invitation e-mail is ever delivered. */
const DEFAULT_DOMAIN = 'example.test';

const domainInferrer: Inferrer = {
  name: 'invitation domain',
  keys: ['invitationDomain'],
  infer: async () =>
    outcome([found('invitationDomain', DEFAULT_DOMAIN, 'chosen (nothing to infer): a reserved domain (RFC 2606), where no invitation e-mail is delivered')]),
};

const fixturesInferrer: Inferrer = {
  name: 'fixture agency',
  keys: ['fixtures.agency'],
  infer: async (p) =>
    p.fixtures.agency === undefined
      ? outcome([], [{ key: 'fixtures.agency', hint: `${p.fixtures.missing.agency ?? 'no agency found'}` }])
      : outcome([
          found(
            'fixtures.agency',
            p.fixtures.agency,
            `the primary app's agency${p.fixtures.otherAgencies.length > 0 ? ' that app other does not see' : ''} with the most inquiries (${p.fixtures.inquiryTotal})`,
          ),
        ]),
};

export const INFERRERS: readonly Inferrer[] = [
  domainInferrer,
  mediaInferrer,
  fixturesInferrer,
  hooksInferrer,
  inquiryListInferrer,
  pastLastPageInferrer,
  catalogKeysInferrer,
  marcasNoMatchInferrer,
  webhooksInferrer,
  agenciasInferrer,
  bodyTypeInferrer,
  topicAvailabilityInferrer,
  resendAgeInferrer,
];

/** Stand-ins for required keys while they are being inferred: the probing never sends them. */
const PLACEHOLDERS = {
  topics: { inquiry: 'vmp-unknown-topic', registration: 'vmp-unknown-topic', unavailable: 'vmp-unknown-topic' },
  templates: { webhookUpsert: {}, agenciaCreate: {}, agenciaEdit: {} },
  invitationDomain: DEFAULT_DOMAIN,
} as const;

export interface InferOptions {
  baseUrl: string;
  draft: DraftProfile;
  timeoutMs: number;
  deadline?: RunDeadline;
  transport?: TransportSettings;
  readOnly: boolean;
  receiver?: Receiver;
  receiverWhy?: string;
  verify: SignatureVerifier;
  /** A signing secret given besides the profile's (init's --webhook-secret, resolved). */
  webhookSecret?: string;
  runId: string;
  signal?: AbortSignal;
  /** Told of the change log, so a second Ctrl-C can say what was not restored. */
  track?: (changes: InferChanges) => void;
  /** Told which family is being inferred. */
  progress?: (name: string) => void;
  /** Told once of each webhook value saved before the probing changes it (sut/webhook-config.ts savedLine). */
  saved?: (snapshot: WebhookSnapshot) => void;
}

export interface Inference {
  /** The draft with every finding where it had no value (explicit values always win). */
  known: DraftProfile;
  found: Finding[];
  /** Keys still missing, each with how to find it. */
  hints: Hint[];
  fixtures: Fixtures;
  restored: string[];
  notRestored: string[];
}

/** A signature given without its scheme: the scheme is inferred, the secret used to verify. */
function splitSecret(draft: DraftProfile): { draft: DraftProfile; secret?: string } {
  const signature = draft.webhooks?.signature;
  if (!signature) return { draft };
  if ('scheme' in signature) return { draft, secret: signature.secret };
  const { signature: _secretOnly, ...webhooks } = draft.webhooks!;
  return { draft: { ...draft, webhooks }, secret: signature.secret };
}

/** The profile the probing sends with: what is known, placeholders for the required keys still missing. */
export function provisional(known: DraftProfile): Profile {
  return completeProfile(splitSecret(known).draft, PLACEHOLDERS as unknown as DraftProfile);
}

const missing = (known: DraftProfile, row: Inferrer) => row.keys.some((k) => !gives(known, k));

/** Whether `run` has anything to infer: a key of some row is missing (fixtures are discovered by every run anyway). */
export const needsInference = (draft: DraftProfile): boolean => INFERRERS.some((row) => row !== fixturesInferrer && missing(splitSecret(draft).draft, row));

/** Infers every key of `draft` that it leaves out and the target shows; puts back what the probing changed. */
export async function inferProfile(o: InferOptions): Promise<Inference> {
  const split = splitSecret(o.draft);
  const secret = o.webhookSecret ?? split.secret;
  let known = split.draft;
  const secrets = [...secretsOf(o.draft), ...(o.webhookSecret ? [o.webhookSecret] : [])];
  const clientFor = (profile: Profile) =>
    new TargetClient({ baseUrl: o.baseUrl, profile, timeoutMs: o.timeoutMs, secrets, transport: o.transport, ...(o.deadline ? { deadline: o.deadline } : {}) });
  const changes = new InferChanges((template) => clientFor(provisional(withValue(known, 'templates.webhookUpsert', template))), o.runId, o.saved);
  o.track?.(changes);
  const findings: Finding[] = [];
  const hints = new Map<string, Hint>();
  let fixtures: Fixtures = { agencies: [], otherAgencies: [], inquiryTotal: 0, missing: { agency: 'not looked for yet' }, faults: [] };
  const clients: TargetClient[] = [];
  let restoration = { restored: [] as string[], failed: [] as string[] };
  try {
    for (const row of INFERRERS) {
      if (o.signal?.aborted) break;
      if (row === fixturesInferrer) fixtures = await discover(clientFor(provisional(known)));
      if (!missing(known, row)) continue;
      o.progress?.(row.name);
      const client = clientFor(provisional(known));
      clients.push(client);
      const probe: Probe = {
        client,
        known,
        readOnly: o.readOnly,
        fixtures,
        ...(o.receiver ? { receiver: o.receiver } : {}),
        ...(o.receiverWhy ? { receiverWhy: o.receiverWhy } : {}),
        verify: o.verify,
        ...(secret !== undefined ? { secret } : {}),
        runId: o.runId,
        changes,
        ...(o.signal ? { signal: o.signal } : {}),
        deliveryMs: known.webhooks?.deliveryDeadlineMs ?? 5_000,
      };
      // A target that answers a probe in a way no module foresaw costs that row its findings, never the run.
      const result = await row.infer(probe).catch((error: unknown) =>
        outcome(
          [],
          row.keys.map((key) => ({
            key,
            hint: `inferring ${row.name} failed (${(error as Error)?.message ?? String(error)}); see the target's documentation`,
          })),
        ),
      );
      for (const f of result.found) {
        if (gives(known, f.key)) continue;
        known = withValue(known, f.key, f.value);
        findings.push(f);
        hints.delete(f.key);
      }
      for (const h of result.hints) if (!gives(known, h.key) && !hints.has(h.key)) hints.set(h.key, h);
    }
  } finally {
    restoration = await changes.restore();
    for (const c of clients) await c.close();
  }
  return { known, found: findings, hints: [...hints.values()], fixtures, restored: restoration.restored, notRestored: restoration.failed };
}
