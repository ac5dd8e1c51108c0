import type { Fault, Mutant } from '../../mutants/fault.ts';
import type { WitnessClient } from './witness-client.ts';

// Round 3's outsider gallery: single faults written from the spec alone by someone who has read neither the
// suite's rules nor its other galleries. Unlike the first outsider gallery (faults/outsider.ts), a fault is not
// narrowed to the rules of an area: the whole suite runs against it, since an outsider does not know which rule
// judges what. Each fault carries a witness: a few requests whose answers show the fault against the plain
// independent server, so every fault is proven to fire without a conformance run.

/** The spec's sections a fault belongs to (one file each). */
export type R3Area =
  | 'home'
  | 'conventions'
  | 'media'
  | 'agencias'
  | 'states'
  | 'notificaciones'
  | 'catalogo'
  | 'consultas'
  | 'limits'
  | 'scoping'
  | 'events'
  | 'errors';

/**
 * The kind of fault, by issue 21's "What got through, by class" (and `row` for the rest: a status, a member, a
 * media type, a transition of one row), so that a score can be read per class.
 */
export type R3Kind = 'refused-write' | 'scoping' | 'neighbours' | 'lenient-value' | 'data-shape' | 'link-problem-media' | 'deliveries' | 'row';

/**
 * A witness: requests through the proxy, as the profile's apps, that return what they saw break the statement
 * (a sentence naming the request and the answer), or undefined when the answers honour it. On the plain server
 * it must return undefined, on the faulty one a violation.
 */
export type Witness = (w: WitnessClient) => Promise<string | undefined>;

export interface R3Fault {
  /** What is broken, in a few words (kebab-case), unique in the gallery. */
  name: string;
  /** The spec's words the fault gets wrong, verbatim. */
  says: string;
  /** One line: which statement makes the behaviour wrong for every conforming server. */
  why: string;
  kind: R3Kind;
  fault: Fault;
  witness: Witness;
}

/** A fault as a mutant of the batch machinery: judged by any failing must or profile rule of a whole run. */
export const asMutant = (area: R3Area, f: R3Fault): Mutant => ({
  name: f.name,
  statement: `outsider-r3/${area}`,
  breaks: 'any must or profile rule',
  quote: f.says,
  fault: f.fault,
});
