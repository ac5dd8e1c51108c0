import type { TargetResponse } from '../../target/client.ts';

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

/** `[PUT] /v3/agencias/x@y.com: 404 — expected 403 (scoping/foreign-agency-put-403)` */
export function describeFailure(ruleId: string, res: TargetResponse | undefined, expectation: string): string {
  if (!res) return `${expectation} (${ruleId})`;
  const url = new URL(res.exchange.url);
  const got = res.error ? `${res.status ?? 'no status'}, ${res.error.code}: ${res.error.message}` : String(res.status);
  return `[${res.exchange.method}] ${decodeSafe(url.pathname)}${url.search}: ${got} — expected ${expectation} (${ruleId})`;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
