import { describe, expect, it } from 'vitest';
import { matchesOnly, onlyPattern } from '../../reports/rule-glob.ts';

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
    const pattern = new RegExp(onlyPattern('home/*,status/home/*'));
    expect(pattern.test('[home/etag-304] repeating GET /v3 …')).toBe(true);
    expect(pattern.test('[status/home/200] GET /v3 answers 200')).toBe(true);
    expect(pattern.test('[media/home/json] GET /v3 offers …')).toBe(false);
  });
});
