import type { TargetResponse } from '../../sut/client.ts';

// The one comparator: an answer against what the model predicts of it. A prediction names the rule whose
// instance it is and the statement of the spec (models/statements/) it applies; every difference cites both.
// The status comes first (an answer of another status is one difference); the facets of the body are judged
// only on the predicted status.

/** Something the body of a predicted answer must show, in words for the failure message. */
export interface Facet {
  says: string;
  holds: (res: TargetResponse) => boolean;
}

export interface Expectation {
  /** The rule this instance belongs to (models/rules/). */
  rule: string;
  /** The statement it applies (models/statements/). */
  statement: string;
  /** The request in words: "app other reading primary's agency x@y". */
  what: string;
  /** The statuses the spec allows here: one, or several where it leaves the choice open. */
  status: readonly number[];
  /** What the body must show when the answer has one of those statuses. */
  facets?: readonly Facet[];
}

export interface Difference {
  rule: string;
  statement: string;
  /** What was expected, in words: the failure message after the request line. */
  expectation: string;
  res: TargetResponse;
}

const cite = (e: Expectation): string => `[${e.statement}]`;

/** The differences between the answer and the expectation; none when it is as predicted. */
export function compare(e: Expectation, res: TargetResponse): Difference[] {
  const differ = (expectation: string): Difference => ({ rule: e.rule, statement: e.statement, expectation, res });
  if (res.status === undefined || res.error || !e.status.includes(res.status)) {
    return [differ(`${e.status.join(' or ')} (${e.what}) ${cite(e)}`)];
  }
  return (e.facets ?? []).filter((f) => !f.holds(res)).map((f) => differ(`${f.says} (${e.what}) ${cite(e)}`));
}
