import { describe, expect, it } from 'vitest';
import { CredentialsRejectedError, TargetUnreachableError } from '../../sut/reachability.ts';
import { CREDENTIALS_REFUSED, KILLED_BY_RULES, killMessage, verdictOf, verdictOfError } from './verdict.ts';

// What kills a mutant (verdict.ts): a failed must/profile rule, the deadline, or exit 3 for refused credentials;
// nothing else a run can end with.

const rule = (id: string, verdict: 'pass' | 'fail', level: 'must' | 'profile' | 'observe', message?: string) => ({
  id,
  verdict,
  level,
  ...(message ? { message } : {}),
});

describe('verdictOf', () => {
  it('a failed must or profile rule kills; an observe rule or a pass does not', () => {
    const rules = [rule('a/must', 'fail', 'must'), rule('b/profile', 'fail', 'profile'), rule('c/observe', 'fail', 'observe'), rule('d/pass', 'pass', 'must')];
    expect(verdictOf({ rules, unhandledErrors: [] } as never).killers).toEqual(['a/must', 'b/profile']);
  });
  it('the deadline reached kills; errors outside any check are recorded, not a kill', () => {
    const v = verdictOf({ rules: [], deadline: { reached: true }, unhandledErrors: ['boom'] } as never);
    expect(v).toEqual({ killers: ['deadline'], unhandled: ['boom'] });
  });
});

describe('verdictOfError', () => {
  it('the target refusing its own profile credentials (exit 3, VMP_ERR_CREDENTIALS) kills, with the reason in the message', () => {
    const v = verdictOfError(new CredentialsRejectedError('the target answered 401 to the primary app'));
    expect(v.killers).toEqual([CREDENTIALS_REFUSED]);
    expect(killMessage(v, undefined)).toBe(`${KILLED_BY_RULES} ${CREDENTIALS_REFUSED} — Error: the target answered 401 to the primary app`);
  });
  it('any other error is recorded and kills nothing (triaged like a survivor)', () => {
    expect(verdictOfError(new TargetUnreachableError('refused'))).toEqual({ killers: [], threw: 'Error: refused' });
    expect(verdictOfError(new Error('the server did not start')).killers).toEqual([]);
  });
});
