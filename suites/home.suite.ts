import { documentedStatuses, endpoint, essence, isEntityTag, PROBLEM_MEDIA_TYPE, representationModel } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { matchEndpoint } from '../sut/endpoint-match.ts';
import { check } from './harness/check.ts';
import { conditionalHeader } from './harness/conditional.ts';
import { requestOf, resolveUri } from './harness/follow.ts';
import { linksIn } from './harness/json-walk.ts';
import { homeEtag } from './harness/home-etag.ts';

// Endpoints > Home: GET /v3 answers 200 EntryPoints with an ETag; the conditional request answers 304.

/** Judges the ETag of one answer of GET /v3: there, and an entity-tag (RFC 9110 8.8.3: `"…"` or `W/"…"`). */
const etagIssue = (res: TargetResponse): string | undefined => {
  const etag = res.headers.etag;
  if (etag === undefined || etag === '') return 'an ETag header';
  return isEntityTag(etag) ? undefined : `an ETag that is an entity-tag (RFC 9110 8.8.3: "…" or W/"…"), not ${JSON.stringify(etag)}`;
};

check('home/etag-present', async (c) => {
  // "header ETag" on the 200 in every media type the row offers (each may have its own tag), and on a 304 that
  // carries one (RFC 9110 15.4.5: the tag a 200 would have sent).
  for (const form of endpoint('home').success.mediaTypes ?? ['json']) {
    const res = await c.send('home', { form });
    c.givenStatus(res, 200, `GET /v3 (${form})`);
    const issue = etagIssue(res);
    c.expect(issue === undefined, issue ?? '', res);
  }
  // The 304's, where the profile names the header that provokes one (null: not known, left out).
  const header = c.ctx.profile.conditionalRequestHeader;
  if (header === null) return;
  const again = await c.send('home', { form: 'json', headers: { [header]: await homeEtag(c) } });
  if (again.status === 304 && again.headers.etag !== undefined) c.expect(etagIssue(again) === undefined, etagIssue(again) ?? '', again);
});

check('home/etag-304', async (c) => {
  // In every form the row offers (issue 28 §2): each may have its own tag, so each is sent back in the form that
  // gave it, and answers 304 there.
  const header = conditionalHeader(c);
  for (const form of endpoint('home').success.mediaTypes ?? ['json']) {
    const etag = await homeEtag(c, form);
    const second = await c.send('home', { form, headers: { [header]: etag } });
    c.expectStatus(second, 304, `${header}: the ETag just received in the ${form} form, sent back in it`);
  }
});

check('home/304-no-body', async (c) => {
  const etag = await homeEtag(c);
  const header = conditionalHeader(c);
  // Read unframed: a client stops at a 304's header block, so a body sent after it would go unseen. The same
  // media type as the first: a default without one is not shown, and each type may have its own ETag.
  const second = await c.send('home', { form: 'json', headers: { [header]: etag }, unframed: true });
  if (second.status !== 304) c.skip(`the conditional request answered ${second.status}, not 304 (see home/etag-304)`);
  c.expect(second.text === '', `no body with 304, not ${Buffer.byteLength(second.text)} bytes after the header block`, second);
});

check('status/home/200', async (c) => {
  const res = await c.send('home', { form: 'json' });
  c.expectStatus(res, 200);
  c.expectModel(res, representationModel('EntryPoints', 'full')!, 'an EntryPoints JSON object');
  c.expect(essence(res.headers['content-type']) !== PROBLEM_MEDIA_TYPE, 'a success media type', res);
});

/**
 * "200 EntryPoints" (What the service does: "a home document that lists the entry points of the API"): it holds
 * links, and each link of the home document leads to an entry point. Followed with GET, in the form the home was read in, it answers
 * no 404 (nothing there) and no 5xx, and where it names a row of the catalog, a status that row documents. A URI
 * template is followed with its optional query expressions ({?q}) left empty; one with placeholders in its path
 * names no single resource and is left to versioning/links-under-v3.
 */
check('home/entry-points-lead', async (c) => {
  const home = await c.send('home', { form: 'json' });
  c.givenStatus(home, 200, 'the home document');
  const links = linksIn(home.json, false).filter(({ value }) => typeof (value as { href?: unknown } | null)?.href === 'string');
  // A home document with no link lists no entry point: nothing to follow is the fault, not a pass that judged none.
  c.expect(links.length > 0, 'a home document that lists the entry points of the API: link objects with an href under _links, not none', home);
  for (const { path, value } of links) {
    const href = (value as { href: string }).href;
    const literal = href.replace(/\{[?&][^}]*\}/g, '');
    const resolved = literal.includes('{') ? undefined : resolveUri(c, literal, home.exchange.url);
    if (!resolved) continue;
    const req = requestOf(c, resolved);
    const res = await c.sendRaw({ method: 'GET', ...req, form: 'json' });
    const row = matchEndpoint('GET', req.path);
    // A row whose further codes are not shown (marcas bestmatch) holds the link to no 404 and no 5xx only.
    const allowed = row && !row.othersNotShown ? documentedStatuses(row).filter((s) => s !== 404) : undefined;
    const ok = res.status !== undefined && res.status !== 404 && res.status < 500 && (!allowed || allowed.includes(res.status));
    c.expect(
      ok,
      `home link ${path} (${href}) leading to an entry point: ${allowed ? `a status ${row!.id} documents but 404 (${allowed.join(', ')})` : 'no 404 and no 5xx'}, not ${res.status ?? res.error?.code}`,
      res,
    );
  }
});

/**
 * The ETag with one character of its opaque part changed (RFC 9110 entity-tag: `W/"…"` or `"…"`): another
 * tag under weak comparison too, which is what If-None-Match uses.
 */
function altered(etag: string): string {
  const end = etag.endsWith('"') && etag.length > 1 ? etag.length - 2 : etag.length - 1;
  const ch = etag[end];
  if (end < 0 || ch === undefined || ch === '"') return `${etag.slice(0, end + 1)}x${etag.slice(end + 1)}`;
  return `${etag.slice(0, end)}${ch === 'x' ? 'y' : 'x'}${etag.slice(end + 1)}`;
}

check('home/etag-mismatch-not-304', async (c) => {
  const etag = await homeEtag(c);
  const header = conditionalHeader(c);
  // A weak version of the strong tag is left out: If-None-Match compares weakly (RFC 9110 13.1.2), so W/"x"
  // matching "x" is right; what it got is only recorded.
  const unknown = [`"vmp-${c.ctx.runId}-never-given"`, altered(etag)];
  for (const validator of unknown) {
    const res = await c.send('home', { form: 'json', headers: { [header]: validator } });
    c.expect(res.status !== 304, `not 304 for ${header}: ${validator}, a validator the target did not give (it gave ${etag})`, res);
  }
  if (!etag.startsWith('W/')) {
    const weak = await c.send('home', { form: 'json', headers: { [header]: `W/${etag}` } });
    c.observe(`${header}: W/${etag} answered ${weak.status ?? weak.error?.code}`);
  }
});
