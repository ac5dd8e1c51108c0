import {
  BYTE_ORDER_MARK,
  ENDPOINTS,
  essence,
  extraParameters,
  versionParameters,
  formOfContentType,
  LIMITS,
  linkObject,
  listEntries,
  MEDIA_TYPES,
  type Endpoint,
  type MediaForm,
} from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { check, type Check } from '../harness/check.ts';
import { resolveUri, requestOf } from '../harness/follow.ts';
import { linksIn } from '../harness/json-walk.ts';
import { recordComparer } from '../harness/same-record.ts';
import { sampleIndices } from '../harness/sample.ts';
import { validRequest, type RequestEnv } from './requests.ts';

// Resources and their fields > Conventions and Link object, and Versioning, judged over a sweep of every GET
// endpoint a valid request can reach: asked for no media type and for each one its row offers, plus every
// page of the fixture agency's inquiry list.

interface Swept {
  endpoint: Endpoint;
  form?: MediaForm;
  res: TargetResponse;
}

const SUCCESS_TYPES: readonly string[] = Object.values(MEDIA_TYPES);

const ANY = { what: 'GET request', holds: () => true };

/** List entries whose self link is followed, per list read. */
const ENTRY_SELVES = 3;

/** The href of a representation's `_links.self`, unless it is a URI template. */
function selfOf(body: unknown): string | undefined {
  const self = (body as { _links?: { self?: { href?: unknown; templated?: unknown } } } | null | undefined)?._links?.self;
  return typeof self?.href === 'string' && self.templated !== true && !self.href.includes('{') ? self.href : undefined;
}

const ok = (res: TargetResponse) => res.status !== undefined && res.status >= 200 && res.status < 300 && !res.error;

/** The sweep of one run, sent by the first check that needs it (the conventions checks, conventions/datetime-offset). */
let sweptOf: { runId: string; swept: Promise<Swept[]> } | undefined;

export function sweepOnce(c: Check, env: RequestEnv): Promise<Swept[]> {
  if (sweptOf?.runId !== c.ctx.runId) sweptOf = { runId: c.ctx.runId, swept: runSweep(c, env) };
  return sweptOf.swept;
}

async function runSweep(c: Check, env: RequestEnv): Promise<Swept[]> {
  const swept: Swept[] = [];
  const unreachable: string[] = [];
  for (const e of ENDPOINTS.filter((x) => x.method === 'GET')) {
    const call = await validRequest(c, e, env, false);
    if (typeof call === 'string') {
      unreachable.push(`${e.id} (${call})`);
      continue;
    }
    for (const form of [undefined, ...(e.success.mediaTypes ?? [])]) {
      swept.push({ endpoint: e, ...(form ? { form } : {}), res: await c.send(e.id, { ...call, ...(form ? { form } : {}) }) });
    }
  }
  // The rest of the inquiry list, whose first page the loop above read.
  const list = ENDPOINTS.find((e) => e.id === 'consultas-list')!;
  const first = swept.find((s) => s.endpoint === list && s.form === 'json')?.res.json as { Total?: unknown; PerPagina?: unknown } | undefined;
  if (typeof first?.Total === 'number' && typeof first.PerPagina === 'number' && first.PerPagina > 0) {
    const last = Math.min(LIMITS.pagina.maximum, Math.ceil(first.Total / first.PerPagina));
    for (let pagina = 2; pagina <= last; pagina++) {
      const res = await c.send(list.id, { params: { adminMail: c.ctx.fixtures.agency }, query: { pagina }, form: 'json' });
      swept.push({ endpoint: list, form: 'json', res });
    }
  }
  if (unreachable.length > 0) c.observe(`not swept: ${unreachable.join('; ')}`);
  return swept;
}

const LINK = linkObject('loose');

/**
 * The link objects of a success body (each one instance of the Link object table) and those that fail it, by
 * which member: 'href' or 'templated'. A body without links is no instance.
 */
function linkIssues(s: Swept, member: 'href' | 'templated'): { links: number; issues: string[] } {
  const refForm = formOfContentType(s.res.headers['content-type']) === 'ref';
  const links = linksIn(s.res.json, refForm);
  const issues = links.flatMap(({ path, value }) => {
    const parsed = LINK.safeParse(value);
    if (parsed.success) return [];
    const wrong = parsed.error.issues.filter((i) => (member === 'templated' ? i.path[0] === 'templated' : i.path[0] !== 'templated'));
    return wrong.map((i) => `${path}: ${JSON.stringify(value)} — ${i.message}`);
  });
  return { links: links.length, issues };
}

export function registerConventionChecks(env: RequestEnv): void {
  // The sweep is sent once, by the first check; each check judges the success responses it is about (`which`),
  // and is not exercised when there are none.
  const successes = async (c: Check, which: { what: string; holds: (s: Swept) => boolean } = ANY) => {
    const judged = (await sweepOnce(c, env)).filter((s) => ok(s.res) && which.holds(s));
    if (judged.length === 0) c.skip(`not exercised: no ${which.what} of the sweep was answered with a success`);
    for (const s of judged) c.judge(s.res);
    return judged;
  };

  check('conventions/success-media-type', async (c) => {
    for (const s of await successes(c)) {
      if (s.res.text === '') continue;
      const type = essence(s.res.headers['content-type']);
      c.expect(SUCCESS_TYPES.includes(type), `a success body typed as one of ${SUCCESS_TYPES.join(', ')}, got ${type || 'none'}`, s.res);
    }
  });

  check('conventions/json-no-bom', async (c) => {
    // The client keeps a leading BOM in the text and reads the JSON past it, so this is the one rule a BOM fails.
    for (const s of await successes(c)) {
      c.expect(
        !s.res.text.startsWith(BYTE_ORDER_MARK),
        'a JSON body without a byte order mark (RFC 8259 section 8.1), not one starting with the bytes EF BB BF',
        s.res,
      );
    }
  });

  check('conventions/link-href-relative', async (c) => {
    for (const s of await successes(c)) {
      const { links, issues } = linkIssues(s, 'href');
      c.judged(links);
      if (issues[0]) c.fail(`every link object with a relative href, but ${issues[0]}`, s.res);
    }
  });

  check('conventions/link-templated', async (c) => {
    for (const s of await successes(c)) {
      const { links, issues } = linkIssues(s, 'templated');
      c.judged(links);
      if (issues[0]) c.fail(`templated: true on every href with {param} placeholders, but ${issues[0]}`, s.res);
    }
  });

  check('conventions/self-link-resolves', async (c) => {
    const followed = new Map<string, Promise<TargetResponse>>();
    const follow = (href: string, s: Swept): Promise<TargetResponse> | undefined => {
      const resolved = resolveUri(c, href, s.res.exchange.url);
      if (!resolved) return undefined;
      const key = `${resolved.url.href} ${s.form ?? ''}`;
      let res = followed.get(key);
      if (!res) {
        res = c.sendRaw({ method: 'GET', ...requestOf(c, resolved), ...(s.form ? { form: s.form } : {}) });
        followed.set(key, res);
      }
      return res;
    };
    // A second read of a URL the check read, in the same form: where two copies differ, what differs between two
    // reads of one URL is left out (harness/same-record.ts) and observed.
    const reread = async (res: TargetResponse, s: Swept) => {
      const resolved = resolveUri(c, res.exchange.url, res.exchange.url)!;
      return (await c.sendRaw({ method: 'GET', ...requestOf(c, resolved), ...(s.form ? { form: s.form } : {}) })).json;
    };
    const records = recordComparer();
    const notLeading: string[] = [];
    for (const s of await successes(c)) {
      const representation = s.endpoint.success.representation;
      // The representation's own self: the very representation again, in the form it was read in.
      const own = selfOf(s.res.json);
      const there = own && follow(own, s);
      if (there) {
        const res = await there;
        c.expect(res.status === 200 && !res.error, `GET of its _links.self ${own} (${s.endpoint.id}) answered 200, not ${res.status ?? res.error?.code}`, res);
        const diff = await records.compare(res.json, s.res.json, {
          again: () => reread(res, s),
          wantAgain: () => reread(s.res, s),
          representation,
        });
        c.expect(diff === undefined, `_links.self ${own} of ${s.endpoint.id} leading to that representation; first difference at ${diff}`, res);
      }
      // A few entries of a list, each to its own record: where the self leads to one (a topic only available, or a
      // make without a URI of its own, may lead nowhere), it is that entry's. An entry may be a summary of its record
      // (AppWebhooks' fields are not shown): it agrees with the record on the members it has, not has all of them.
      const entries = formOfContentType(s.res.headers['content-type']) === 'ref' ? [] : (listEntries(s.res.json) ?? []);
      for (const i of sampleIndices(entries.length, ENTRY_SELVES, c.ctx.seed)) {
        const href = selfOf(entries[i]);
        // An empty href is a relative URI too: it names the list itself (RFC 3986 5.2.2), which is followed.
        const res = href === undefined ? undefined : await follow(href === '' ? s.res.exchange.url : href, s);
        if (href === undefined || !res) continue;
        if (res.status !== 200 || res.error) {
          notLeading.push(`${s.endpoint.id} entry ${i}: ${href} answered ${res.status ?? res.error?.code}`);
          continue;
        }
        const diff = await records.compare(res.json, entries[i], {
          summary: true,
          again: () => reread(res, s),
          wantAgain: async () => (listEntries(await reread(s.res, s)) ?? []).find((e) => selfOf(e) === href),
        });
        c.expect(
          diff === undefined,
          `entry ${i} of ${s.endpoint.id}: its _links.self ${href || '""'} leading to that entry's record; first difference at ${diff}`,
          res,
        );
      }
    }
    if (notLeading.length > 0) c.observe(`entry self links that lead to no representation (not judged): ${notLeading.slice(0, 5).join('; ')}`);
    if (records.leftOut.size > 0)
      c.observe(`left out of the comparisons, as they differ between two reads of the same URL: ${[...records.leftOut].join(', ')}`);
  });

  check('versioning/media-type-unversioned', async (c) => {
    for (const s of await successes(c)) {
      const type = s.res.headers['content-type'];
      c.expect(versionParameters(type).length === 0, `a media type that carries no version, got ${type}`, s.res);
      const others = extraParameters(type).filter((p) => !versionParameters(type).includes(p));
      if (others.length > 0) c.observe(`media type parameters besides charset: ${others.join('; ')}`);
    }
  });
}
