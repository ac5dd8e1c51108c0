import { answers } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { isObject } from './shapes.ts';
import { saw } from './seed-facts.ts';

// Home (GET /v3): ETag, 304, the entry points' links.

type Links = Record<string, { href: string; templated?: boolean }>;
const linksOf = (body: unknown): Links => (isObject(body) && isObject(body._links) ? (body._links as Links) : {});

export const HOME_FAULTS: R3Fault[] = [
  {
    name: 'home-304-for-any-tag',
    kind: 'row',
    says: 'home document not modified',
    why: 'Errors: 304 means the home document was not modified; a tag other than the current ETag names another version, which gets 200.',
    fault: answers(['home'], (req, res) => {
      if (req.headers['if-none-match'] && res.status === 200) Object.assign(res, { status: 304, body: '' });
    }),
    witness: async (w) => {
      const a = await w.get('/v3', { headers: { 'if-none-match': '"otra-version-r3"' } });
      return a.status === 200 ? undefined : saw('GET /v3 with If-None-Match: "otra-version-r3" (not the ETag)', a.status, '200');
    },
  },
  {
    name: 'home-304-carries-body',
    kind: 'row',
    says: '304 (no body)',
    why: 'Home row: the 304 answer has no body.',
    fault: answers(['home'], async (_req, res, ctx) => {
      if (res.status !== 304) return;
      res.body = (await ctx.upstream('GET', '/v3')).body;
      res.bodyAnyway = true;
    }),
    witness: async (w) => {
      const etag = (await w.get('/v3')).headers.etag ?? '';
      const raw = await w.raw('GET', '/v3', { 'if-none-match': etag });
      const after = raw.slice(raw.indexOf('\r\n\r\n') + 4);
      if (!raw.startsWith('HTTP/1.1 304')) return saw('GET /v3 with its own ETag', raw.split('\r\n')[0], '304');
      return after.length === 0 ? undefined : saw('GET /v3 304: bytes after the head', after.slice(0, 60), 'none');
    },
  },
  {
    name: 'home-etag-not-an-entity-tag',
    kind: 'link-problem-media',
    says: 'header ETag (string)',
    why: 'An ETag header carries an entity-tag (RFC 9110 §8.8.3): a quoted opaque string, W/ optional; a bare token is not one.',
    fault: {
      request: (req) => {
        // The server compares the tags it is sent with its own, which it writes unquoted.
        const sent = req.headers['if-none-match'];
        if (req.endpoint === 'home' && sent)
          req.headers['if-none-match'] = sent
            .split(',')
            .map((t) => (/^\s*(W\/)?"/.test(t) || t.trim() === '*' ? t : `"${t.trim()}"`))
            .join(', ');
      },
      response: (req, res) => {
        if (req.endpoint === 'home' && res.headers.etag) res.headers.etag = res.headers.etag.replace(/^W\//, '').replaceAll('"', '');
      },
    },
    witness: async (w) => {
      const etag = (await w.get('/v3')).headers.etag ?? '';
      return /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/.test(etag) ? undefined : saw('GET /v3 ETag', etag, 'an entity-tag ("…" or W/"…")');
    },
  },
  {
    name: 'home-links-without-version-prefix',
    kind: 'link-problem-media',
    says: 'it is the first path segment of every path, and the home document is at /v3',
    why: 'Versioning: every path starts with /v3, so entry points written without it lead nowhere.',
    fault: answers(['home'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        for (const link of Object.values(linksOf(body))) link.href = link.href.replace(/^\/v3(?=\/|$)/, '') || '/';
      });
    }),
    witness: async (w) => {
      const links = linksOf((await w.get('/v3')).json());
      for (const [rel, link] of Object.entries(links)) {
        if (link.templated || link.href.includes('{')) continue;
        const target = new URL(link.href, `${w.base}/v3`);
        const a = await w.get(`${target.pathname}${target.search}`);
        if (a.status !== 200) return saw(`GET /v3 link ${rel} (${link.href}) followed`, a.status, '200');
      }
      return undefined;
    },
  },
  {
    name: 'home-templated-flag-left-out',
    kind: 'link-problem-media',
    says: 'present and true when href is a URI template',
    why: 'Link object: templated is present and true on every href with {param} placeholders.',
    fault: answers(['home'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        for (const link of Object.values(linksOf(body))) delete link.templated;
      });
    }),
    witness: async (w) => {
      const links = linksOf((await w.get('/v3')).json());
      const bad = Object.entries(links).find(([, l]) => l.href.includes('{') && l.templated !== true);
      return bad ? saw(`GET /v3 link ${bad[0]}`, bad[1], 'templated: true') : undefined;
    },
  },
];
