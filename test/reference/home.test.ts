import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, MEDIA_TYPES, endpoint } from '../../models/index.ts';
import { boot, type Harness } from './support.ts';

// Endpoints > Home: 200 EntryPoints with a strong ETag; the profile's conditional header with it → 304.
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

describe('GET /v3', () => {
  it('answers EntryPoints with an ETag in every offered form', async () => {
    for (const form of endpoint('home').success.mediaTypes!) {
      const res = await h.call('/v3', { form });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(MEDIA_TYPES[form]);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const links = (res.json as { _links: Record<string, { href: string; templated?: boolean }> })._links;
      expect(links.self!.href).toBe('/v3');
      // Every GET row of the catalog is an entry point, templated where its path has a {param}.
      for (const e of ENDPOINTS.filter((x) => x.method === 'GET' && x.id !== 'home')) {
        expect(links[e.id]).toEqual(/\{/.test(e.path) ? { href: e.path, templated: true } : { href: e.path });
      }
    }
  });

  it('has no reference form', async () => {
    expect((await h.call('/v3', { form: 'ref' })).status).toBe(406);
  });

  it("answers 304 with no body to the profile's conditional header carrying the ETag", async () => {
    const first = await h.call('/v3');
    const etag = first.headers.etag!;
    const header = h.profile.conditionalRequestHeader!;
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await h.call('/v3', { headers: { [header]: value } });
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
  });

  it('answers 200 when the entity tag does not match, and tags each media type apart', async () => {
    const res = await h.call('/v3', { headers: { [h.profile.conditionalRequestHeader!]: '"stale"' } });
    expect(res.status).toBe(200);
    const json = await h.call('/v3', { form: 'json' });
    const text = await h.call('/v3', { form: 'textJson' });
    expect(json.headers.etag).not.toBe(text.headers.etag);
    const cross = await h.call('/v3', { form: 'textJson', headers: { [h.profile.conditionalRequestHeader!]: json.headers.etag! } });
    expect(cross.status).toBe(200);
  });

  it('never answers 400: unknown query parameters are ignored', async () => {
    expect((await h.call('/v3', { query: { pagina: 'x', q: '\u0000' } })).status).toBe(200);
  });
});
