import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { essence } from '../../../models/index.ts';
import { parseProfile } from '../../../sut/profile-load.ts';
import { signatureHeaders } from '../../../webhooks/signature.ts';
import type { Profile } from '../../../sut/profile.ts';
import type { MutantRequest, MutantResponse } from '../../mutants/exchange.ts';
import type { Delivery, Fault, FaultContext, Mutant } from '../../mutants/fault.ts';

// A legal variation: a transformation of a conforming server's answers (through the mutant proxy,
// test/mutants/proxy.ts) that keeps every statement of the spec true, because it only changes what the spec
// leaves open. The whole suite, run against it under the target's profile (adjusted where the variation is a
// profile choice), must fail no must or profile rule: a failure is a false positive of the suite, or a
// variation that is not legal after all (then it is dropped, saying why).

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The conforming servers a variation sits in front of, each with the profile that describes it. */
export const TARGETS = {
  reference: { server: 'reference', profile: 'profiles/reference.json' },
  'reference-alt': { server: 'reference', profile: 'profiles/reference-alt.json' },
  'reference-query': { server: 'reference', profile: 'profiles/reference-query.json' },
  indep: { server: 'indep', profile: 'test/independent/profile.json' },
  alt: { server: 'alt', profile: 'test/independent/profile-alt.json' },
  sur: { server: 'sur', profile: 'test/independent/profile-sur.json' },
} as const;
export type Target = keyof typeof TARGETS;

export type Kind = 'representation' | 'http' | 'links' | 'problems' | 'time' | 'lists' | 'deliveries' | 'statuses' | 'media' | 'profile';

export interface Variation {
  /** What differs, in a few words (kebab-case); the gallery names it `<name>@<target>`. */
  name: string;
  kind: Kind;
  /** The spec's words (or the RFC's) that leave this choice open, verbatim. */
  allows: string;
  /** The servers it is tried on (the first one alone in a sampled run's share). */
  targets: readonly Target[];
  /** The target profile adjusted, where the variation is a profile choice (the server and the run share it). */
  profile?: (p: Profile) => Profile;
  fault: Fault;
}

export const targetProfile = (target: Target): Profile => parseProfile(JSON.parse(readFileSync(path.join(ROOT, TARGETS[target].profile), 'utf8')));

/** One variation on one target, as the batch machinery runs it: the whole suite, no --only. */
export const asMutant = (v: Variation, target: Target): Mutant => ({
  name: `${v.name}@${target}`,
  statement: `variation/${v.kind}`,
  breaks: 'none: a legal variation must fail no must or profile rule',
  quote: v.allows,
  profile: () => (v.profile ? v.profile(targetProfile(target)) : targetProfile(target)),
  fault: v.fault,
});

/** The target of a gallery name (`<name>@<target>`). */
export const targetOf = (name: string): Target => name.slice(name.lastIndexOf('@') + 1) as Target;

const JSON_TYPE = /(^|\/|\+)json$/;

/** Whether the request is the API's (under /v3, a row of the catalog or a path the server has beyond them). */
export const isApi = (req: MutantRequest): boolean => req.segments[0] === 'v3';

/** Whether an answer of the API carries a JSON body (any of the four forms, or a problem). */
export const isJsonAnswer = (req: MutantRequest, res: MutantResponse): boolean =>
  isApi(req) && res.body !== '' && JSON_TYPE.test(essence(res.headers['content-type']));

/** A fault that rewrites every JSON answer of the API's rows (the simulation hooks are not the API's). */
export function jsonAnswers(edit: (json: unknown, req: MutantRequest, res: MutantResponse) => unknown): Fault {
  return {
    response(req, res) {
      if (!isJsonAnswer(req, res)) return;
      const json = res.json();
      if (json !== undefined) res.setJson(edit(json, req, res));
    },
  };
}

/**
 * Passes a delivery on with another body, signed again as the profile's scheme signs (a target that signs
 * signs what it sends); a delivery that came unsigned stays unsigned.
 */
export async function forwardRewritten(d: Delivery, ctx: FaultContext, body: string): Promise<void> {
  const scheme = ctx.profile.webhooks.signature;
  const signed = scheme && (scheme.scheme === 'standard-webhooks' ? d.headers['webhook-signature'] : d.headers[scheme.header.toLowerCase()]);
  const headers = signed
    ? { ...d.headers, ...signatureHeaders(scheme, d.headers['webhook-id'] ?? '', Number(d.headers['webhook-timestamp'] ?? 0), body) }
    : d.headers;
  return ctx.forward(d, { body, headers });
}

/**
 * A fault that writes every JSON answer and every webhook delivery with `write`, so that a resend's body stays
 * the payload that was delivered and a webhook's Consulta reads as GET shows it.
 */
export function jsonText(write: (json: unknown) => string): Fault {
  return {
    response(req, res) {
      if (!isJsonAnswer(req, res)) return;
      const json = res.json();
      if (json !== undefined) res.body = write(json);
    },
    delivery: async (d, ctx) => void (await forwardRewritten(d, ctx, write(d.json()))),
  };
}

/** jsonText for an edit of the JSON value. */
export const jsonEverywhere = (edit: (json: unknown) => unknown): Fault => jsonText((json) => JSON.stringify(edit(json)));

/** Both faults, the first's edits before the second's (at most one of them may take over deliveries). */
export function both(a: Fault, b: Fault): Fault {
  if (a.delivery && b.delivery) throw new Error('both(): two faults that take over deliveries');
  return {
    async request(req, ctx) {
      return (await a.request?.(req, ctx)) ?? (await b.request?.(req, ctx));
    },
    async response(req, res, ctx) {
      await a.response?.(req, res, ctx);
      await b.response?.(req, res, ctx);
    },
    ...(a.delivery || b.delivery ? { delivery: (d: Delivery, ctx: FaultContext) => (a.delivery ?? b.delivery)!(d, ctx) } : {}),
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
