import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from '../harness/check.ts';
import { runContext } from '../harness/context.ts';
import { templateRefusal } from '../harness/template-refusal.ts';
import { compare, type Difference, type Expectation } from './compare.ts';

// What the model run found, per rule: the instances it judged (one per prediction compared with an answer), the
// differences, a few judged exchanges as evidence, and why it could not judge some (a precondition the run could
// not set up). Rules are views on this: each rule's check reports its share (modelView in views.ts).

/** Exchanges kept per rule as evidence of a pass; a difference keeps its own. */
const EVIDENCE = 3;

/**
 * What a report needs of an answer kept past its judgement: its exchange (already redacted and excerpted), not
 * its body, so a target answering a million entries to every list is not held once per rule (issue 22).
 */
const kept = (res: TargetResponse): TargetResponse => ({
  ...(res.status !== undefined ? { status: res.status } : {}),
  headers: {},
  text: '',
  ...(res.error ? { error: res.error } : {}),
  exchange: res.exchange,
});

export interface Share {
  instances: number;
  differences: Difference[];
  evidence: TargetResponse[];
  /** Why instances of the rule could not be judged, in the order met. */
  unjudged: string[];
}

const emptyShare = (): Share => ({ instances: 0, differences: [], evidence: [], unjudged: [] });

export class ModelLedger {
  private readonly shares = new Map<string, Share>();
  /** Every difference found, in order: a command of a sequence fails on those it added. */
  readonly differences: Difference[] = [];

  private of(rule: string): Share {
    let s = this.shares.get(rule);
    if (!s) this.shares.set(rule, (s = emptyShare()));
    return s;
  }

  /** Compares an answer with its prediction and records the instance; gives back the differences. */
  judge(e: Expectation, res: TargetResponse): Difference[] {
    const differences = compare(e, res);
    this.record(e.rule, res, differences);
    return differences;
  }

  /** Records an instance judged elsewhere (a comparison of two reads, a walk of pages). */
  record(rule: string, res: TargetResponse, differences: readonly Difference[] = []): void {
    const s = this.of(rule);
    s.instances += 1;
    const light = differences.map((d) => ({ ...d, res: kept(d.res) }));
    s.differences.push(...light);
    this.differences.push(...light);
    if (s.evidence.length < EVIDENCE && !s.evidence.some((e) => e.exchange === res.exchange)) s.evidence.push(kept(res));
  }

  /** An instance of `rule` the run could not judge, and why. */
  unjudged(rule: string, why: string): void {
    const s = this.of(rule);
    if (!s.unjudged.includes(why)) s.unjudged.push(why);
  }

  share(rule: string): Share {
    return this.shares.get(rule) ?? emptyShare();
  }

  /** Every rule with a share, for the tests and the docs. */
  rules(): string[] {
    return [...this.shares.keys()];
  }
}

/**
 * Reports a rule's share on its check: the exchanges judged become its evidence, every instance counts, the
 * first difference fails it (its exchange last, the others counted in the message); none judged skips it with
 * the reasons the run gave.
 */
export function reportShare(c: Check, share: Share): void {
  for (const res of share.evidence) c.judge(res);
  // A 400 the profile's own template caused is the profile's error, not a difference of the target (issue 28 §4).
  const templates = runContext().profile.templates;
  const differences = share.differences.filter((d) => templateRefusal(d.res, templates) === undefined);
  const profileError = share.differences.map((d) => templateRefusal(d.res, templates)).find((why) => why !== undefined);
  if (differences.length === 0 && profileError) c.skip(profileError);
  const [first, ...more] = differences;
  if (first) {
    c.judged(share.instances - 1);
    const also = more.length > 0 ? `; ${more.length} more difference${more.length > 1 ? 's' : ''}, e.g. ${more[0]!.expectation}` : '';
    c.fail(`${first.expectation}${also}`, first.res);
  }
  c.judged(share.instances);
  if (share.instances === 0) c.skip(`not exercised: ${share.unjudged.join('; ') || 'the model run judged no instance of this rule'}`);
}
