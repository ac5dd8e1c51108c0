import { describe, expect, it } from 'vitest';
import { isSelected, matchesOnly, selectionPattern } from '../../reports/rule-glob.ts';

describe('--only rule globs', () => {
  it('matches whole rule ids, * within any characters', () => {
    expect(matchesOnly('home/*', 'home/etag-304')).toBe(true);
    expect(matchesOnly('home/*', 'status/home/200')).toBe(false);
    expect(matchesOnly('status/home/*', 'status/home/200')).toBe(true);
    expect(matchesOnly('home/etag-304', 'home/etag-304x')).toBe(false);
    expect(matchesOnly(undefined, 'anything')).toBe(true);
  });

  it('takes a comma-separated list', () => {
    expect(matchesOnly('home/*, status/home/*', 'status/home/200')).toBe(true);
    expect(matchesOnly('home/*,status/home/*', 'media/home/json')).toBe(false);
  });

  it('treats regex metacharacters literally', () => {
    expect(matchesOnly('a.b', 'axb')).toBe(false);
    expect(matchesOnly('a+b(c)', 'a+b(c)')).toBe(true);
  });

  it('builds a testNamePattern matching the [rule-id] prefix of check titles', () => {
    const pattern = new RegExp(selectionPattern({ only: 'home/*,status/home/*' }));
    expect(pattern.test('[home/etag-304] repeating GET /v3 …')).toBe(true);
    expect(pattern.test('[status/home/200] GET /v3 answers 200')).toBe(true);
    expect(pattern.test('[media/home/json] GET /v3 offers …')).toBe(false);
  });
});

describe('--exclude beside --only (issue 23 §4)', () => {
  it('leaves out what it matches, from every rule or from what --only selects', () => {
    expect(isSelected({ exclude: 'media/*' }, 'media/home/json')).toBe(false);
    expect(isSelected({ exclude: 'media/*' }, 'home/etag-304')).toBe(true);
    expect(isSelected({ only: 'status/*', exclude: 'status/*/documented-only' }, 'status/home/200')).toBe(true);
    expect(isSelected({ only: 'status/*', exclude: 'status/*/documented-only' }, 'status/home/documented-only')).toBe(false);
  });

  it('builds one testNamePattern; rules added by id run whatever the globs say', () => {
    const pattern = new RegExp(selectionPattern({ only: 'home/*', exclude: 'home/etag-*', also: ['status/home/200'] }));
    expect(pattern.test('[home/304-no-body] …')).toBe(true);
    expect(pattern.test('[home/etag-304] …')).toBe(false);
    expect(pattern.test('[status/home/200] …')).toBe(true);
    expect(pattern.test('[status/home/304] …')).toBe(false);
  });
});
