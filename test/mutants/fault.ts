import type { AppName, Profile } from '../../sut/profile.ts';
import type { MutantRequest, MutantResponse } from './exchange.ts';

// A mutant is the unmodified reference server behind a proxy that applies one fault (proxy.ts). The fault is
// small functions over the exchange: rewrite the request, answer it without forwarding, rewrite the answer,
// or — for what an HTTP exchange cannot show — tamper with the webhook deliveries through a relay.

/** A webhook configuration the client made, whose callback URL the relay stands in for. */
export interface Hook {
  app: AppName | undefined;
  topic: string;
  /** The callback URL the client configured. */
  url: string;
}

export interface Delivery {
  hook: Hook;
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

export interface DeliveryChange {
  to?: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface FaultContext {
  profile: Profile;
  /** Sends a request straight to the reference server, as `app` (default primary). */
  upstream(method: string, path: string, options?: { app?: AppName; accept?: string; json?: unknown }): Promise<MutantResponse>;
  /** What the fault remembers between exchanges of one run. */
  memory: Map<string, unknown>;
  /** The webhook configurations clients made so far, oldest first (only for a fault with `delivery`). */
  readonly hooks: readonly Hook[];
  /** POSTs a delivery to its hook's callback URL (or `to`), with the reference's headers (or `headers`) and `body` if given. */
  forward(d: Delivery, change?: DeliveryChange): Promise<void>;
  /** forward, resolving with the receiver's status (undefined when none answered). */
  attempt(d: Delivery, change?: DeliveryChange): Promise<number | undefined>;
}

export interface Fault {
  /** Rewrites the request before it is forwarded, or answers it (the reference never sees it). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a fault that only rewrites the request returns nothing
  request?(req: MutantRequest, ctx: FaultContext): MutantResponse | void | Promise<MutantResponse | void>;
  /** Rewrites the reference's answer. */
  response?(req: MutantRequest, res: MutantResponse, ctx: FaultContext): void | Promise<void>;
  /**
   * Takes over webhook deliveries: callback URLs of configurations are pointed at a relay, and each delivery
   * the reference makes is handed here instead of reaching the client (pass it on with ctx.forward).
   */
  delivery?(d: Delivery, ctx: FaultContext): Promise<void>;
}

export interface Mutant {
  /** What is broken, in a few words (kebab-case). */
  name: string;
  /**
   * The statement of the spec (models/statements/) the fault breaks, as an outsider reading its words would
   * get them wrong; `breaks` is one of that statement's rules.
   */
  statement: string;
  /** The rule the fault breaks: the run must fail it. */
  breaks: string;
  /** Where the fault breaks only part of the statement: those words of it, verbatim. */
  quote?: string;
  /** Other rules the same fault may legitimately fail too. */
  also?: string[];
  /** --only for the run, when it must be wider than breaks + also (a precondition another check sets up). */
  only?: string;
  /** --runs for the run, when the gallery's default is too few for a property to reach the fault. */
  runs?: number;
  /**
   * The profile the reference server and the run share, when the rule needs a choice profiles/reference.json
   * does not make (a signing scheme): derived from it, so every other choice stays the gallery's.
   */
  profile?: (base: Profile) => Profile;
  fault: Fault;
}
