import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, INT32, LIMITS, MEDIA_TYPES, PROBLEM_MEDIA_TYPE, addDays } from '../../models/index.ts';
import { boot, PRIMARY_AGENCY, sampleInquiry, TODAY, type Harness } from './support.ts';

// Robust and safe: random methods, paths, parameters, headers and bodies on every endpoint (and the hooks)
// never get a 5xx, never crash the server, and never trip the never-5xx guard.
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

const ODD = [
  '',
  ' ',
  '\u0000',
  '\u202e',
  'ñ',
  'Ä',
  '𝔘𝔫𝔦',
  '😀',
  '\uFEFF',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '/',
  '?',
  '#',
  '\\',
  '"',
  "'",
  '<x>',
  'null',
  '-1',
  '1e309',
];
const oddString = fc.oneof(
  fc.constantFrom(...ODD),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.nat({ max: LIMITS.topic.maxLength * 2 }).map((n) => 'x'.repeat(n)),
);
/** A path segment as a client might send it: encoded, or raw with stray percent signs. */
const segment = fc.oneof(
  { arbitrary: oddString.map(encodeURIComponent), weight: 4 },
  { arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', PRIMARY_AGENCY, encodeURIComponent(PRIMARY_AGENCY)), weight: 2 },
  { arbitrary: fc.constantFrom(String(INT32.max + 1), String(INT32.min - 1), '1', '0', '007', '-0'), weight: 1 },
);
const paramNames = [...new Set(ENDPOINTS.flatMap((e) => e.params.filter((p) => p.in === 'query').map((p) => p.name)))];
const queryValue = fc.oneof(
  oddString,
  fc.constantFrom(addDays(TODAY, -LIMITS.desde.minDaysBeforeToday - 1), TODAY, '2025-02-30', String(LIMITS.pagina.maximum + 1), 'true', 'TRUE', PRIMARY_AGENCY),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...paramNames), fc.string({ maxLength: 8 })), queryValue, { maxKeys: 4 });
/** Every catalog path template and every hook, plus paths no route has. */
const pathArbitrary = (hooks: string) => {
  const templates = [...ENDPOINTS.map((e) => e.path), `${hooks}/consultas`, `${hooks}/agencias/{adminMail}/registro`, `${hooks}/reset`, '/v3/x/{y}', '/{a}'];
  return fc.tuple(fc.constantFrom(...templates), fc.array(segment, { minLength: 3, maxLength: 3 })).map(([t, values]) => {
    let i = 0;
    return t.replace(/\{\w+\}/g, () => values[i++ % values.length]!);
  });
};
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
const headers = fc.record(
  {
    accept: fc.oneof(fc.constantFrom(...Object.values(MEDIA_TYPES), PROBLEM_MEDIA_TYPE, '*/*', 'text/*;q=0', 'a/b, */*;q=0.0001', ';;;', ''), printable),
    'content-type': fc.oneof(fc.constantFrom('application/json', 'text/json', 'text/plain', 'application/json; charset=latin1', ''), printable),
    'if-none-match': fc.oneof(fc.constant('*'), printable),
    'x-odd': printable,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  printable,
  fc.constantFrom('{', '{"AdminMail": "x@example.test"', '[]', 'null'),
  fc.record({ AdminMail: oddString, RazonSocial: fc.jsonValue({ maxDepth: 1 }) }).map((v) => JSON.stringify(v)),
  fc.record({ Url: fc.oneof(oddString, fc.webUrl()), Activo: fc.jsonValue({ maxDepth: 1 }) }).map((v) => JSON.stringify(v)),
  fc
    .record({ adminMail: fc.constantFrom(PRIMARY_AGENCY, 'x'), consulta: fc.oneof(fc.constant(sampleInquiry()), fc.jsonValue({ maxDepth: 2 })) })
    .map((v) => JSON.stringify(v)),
);
const app = fc.constantFrom('primary', 'other', 'empty', null);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');

describe('fuzz', () => {
  it('never answers 5xx on any endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(method, pathArbitrary(h.server.hooksPath!), query, headers, body, app, async (m, p, q, hd, b, a) => {
        const res = await h.call(p, { method: m, query: q, headers: hd, app: a, ...(b !== undefined && m !== 'GET' && m !== 'HEAD' ? { body: b } : {}) });
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
    expect(h.server.internalErrors).toEqual([]);
  });

  it('keeps answering after the fuzz', async () => {
    expect((await h.call('/v3')).status).toBe(200);
  });
});
