import { describe, expect, it } from 'vitest';
import { ENTRY_LEVEL_KEY, forbiddenProblem, validationProblem, type Strictness } from '../../models/index.ts';
import { MODES, describeModel } from './support/cases.ts';
import { VALIDATION_PROBLEM, setAt } from './support/fixtures.ts';

// Errors > Validation problem body (400, 409), and the 403 problem body whose fields are not shown.

describeModel({ name: 'validationProblem', schema: validationProblem, fixture: VALIDATION_PROBLEM, layout: [['', 'ValidationProblem']] });

describe.each(MODES)('validationProblem specifics (%s)', (mode: Strictness) => {
  it.each([
    // "the key _ holds entry-level problems that belong to no single property".
    ['only the entry-level key', setAt(VALIDATION_PROBLEM, '', 'Errors', { [ENTRY_LEVEL_KEY]: ['empty body'] }), true],
    ['no errors at all', setAt(VALIDATION_PROBLEM, '', 'Errors', {}), true],
    ['a property with no messages', setAt(VALIDATION_PROBLEM, '', 'Errors', { AdminMail: [] }), true],
    ['Status 409', setAt(VALIDATION_PROBLEM, '', 'Status', 409), true],
    // "Type | string, URI": RFC 3986's URI has its scheme; a relative reference or a bare word is no URI.
    ['a relative Type', setAt(VALIDATION_PROBLEM, '', 'Type', '/problems/validation'), false],
    ['a Type that is a word', setAt(VALIDATION_PROBLEM, '', 'Type', 'Conflict'), false],
    ['Type about:blank', setAt(VALIDATION_PROBLEM, '', 'Type', 'about:blank'), true],
    ['a URN Type', setAt(VALIDATION_PROBLEM, '', 'Type', 'urn:vmp:problema:conflicto'), true],
    // "Extensions: additional members; may be empty" — any members at all.
    ['Extensions with members', setAt(VALIDATION_PROBLEM, '', 'Extensions', { traceId: '00-abc', retry: 1 }), true],
  ] as const)('%s → accepted %s', (_, sample, accepted) => {
    expect(validationProblem(mode).safeParse(sample).success).toBe(accepted);
  });

  it('is the entry-level key the spec names', () => {
    expect(ENTRY_LEVEL_KEY).toBe('_');
  });
});

describe('forbiddenProblem', () => {
  // Its fields are not shown: any JSON object is a problem body, nothing is required.
  it.each([
    ['an empty object', {}, true],
    ['a validation problem', VALIDATION_PROBLEM, true],
    ['RFC 9457 members', { type: 'about:blank', title: 'Forbidden', status: 403 }, true],
    ['null', null, false],
    ['an array', [], false],
    ['a string', 'Forbidden', false],
  ] as const)('%s → accepted %s', (_, sample, accepted) => {
    expect(forbiddenProblem().safeParse(sample).success).toBe(accepted);
  });
});
