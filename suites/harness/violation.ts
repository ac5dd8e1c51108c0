/** A target's departure from a rule. The message names the request and the expectation. */
export class RuleViolation extends Error {
  readonly code = 'VMP_RULE_VIOLATION';
  constructor(
    readonly ruleId: string,
    message: string,
  ) {
    super(message);
    this.name = 'RuleViolation';
  }
}
