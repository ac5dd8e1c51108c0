import { essence, MEDIA_TYPES } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { hrefsWithin } from '../hrefs.ts';
import { found, guessed, hint, outcome, type Inferrer, type Probe } from './probe.ts';

// Endpoints > Consultas: "How a caller chooses among the media types of a response (for example by an Accept
// header): not shown", and Endpoints > Home: "The request header that triggers 304: not shown". Both by trying:
// ask GET /v3/agencias for its reference form and for application/json each way — a way selects the form only if
// each answers what it asked for (a default form would answer one of them too) —, and GET /v3 again with its ETag
// under each header that may carry it.

const REF = MEDIA_TYPES.ref;
const JSON_FULL = MEDIA_TYPES.json;

/** Query parameter names a server may select a media type by, after those the target's own links name. */
const QUERY_NAMES = [
  'format',
  'formato',
  'mediaType',
  'media-type',
  'media_type',
  'accept',
  'type',
  'tipo',
  '_format',
  '$format',
  'fmt',
  'f',
  'output',
  'representation',
  'contentType',
];
/** Request headers a server may select a media type by (Accept first), after those its Vary and CORS headers name. */
const HEADER_NAMES = [
  'Accept',
  'X-Accept',
  'X-Media-Type',
  'X-Format',
  'X-Formato',
  'X-Response-Format',
  'X-Representation',
  'Format',
  'Formato',
  'Media-Type',
];
/** Headers that may carry the entity tag, after those the target's Vary or CORS headers name. */
const CONDITIONAL_HEADERS = ['If-None-Match', 'X-If-None-Match', 'If-Match-None', 'X-ETag', 'ETag'];

/** Names of query parameters in the target's links: `{?a,b}` templates and `?a=` queries of the home document. */
function linkedQueryNames(json: unknown): string[] {
  return hrefsWithin(json).flatMap((href) => [
    ...[...href.matchAll(/\{[?&]([^}]+)\}/g)].flatMap((m) => m[1]!.split(',')),
    ...[...href.matchAll(/[?&]([^=&{}#]+)=/g)].map((m) => m[1]!),
  ]);
}

/** Header names a response's Vary and Access-Control-Allow-Headers name. */
const namedHeaders = (headers: Record<string, string | string[] | undefined>): string[] =>
  [headers.vary, headers['access-control-allow-headers']].flatMap((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [])).filter(Boolean);

type Way = { header: string } | { query: string };

/** Whether asking by `way` gets the reference form and application/json, each when asked for. */
async function selects(p: Probe, way: Way): Promise<boolean> {
  for (const type of [REF, JSON_FULL]) {
    const ask = 'header' in way ? { headers: { [way.header]: type } } : { query: { [way.query]: type } };
    const res = await callEndpoint(p.client, 'agencias-list', ask);
    if (essence(res.headers['content-type']) !== type) return false;
  }
  return true;
}

async function selection(p: Probe) {
  const home = await callEndpoint(p.client, 'home', {});
  const plain = await callEndpoint(p.client, 'agencias-list', {});
  const headers = [
    ...new Set([
      ...HEADER_NAMES.slice(0, 1),
      ...namedHeaders(plain.headers).filter((h) => !/^(origin|accept-encoding|accept-language)$/i.test(h)),
      ...HEADER_NAMES,
    ]),
  ];
  const ways: Way[] = [
    ...headers.slice(0, 1).map((header) => ({ header })),
    ...[...new Set([...linkedQueryNames(home.json), ...QUERY_NAMES])].map((query) => ({ query })),
    ...headers.slice(1).map((header) => ({ header })),
  ];
  const byDefault = essence(plain.headers['content-type']);
  for (const way of ways) {
    if (p.signal?.aborted) break;
    if (!(await selects(p, way))) continue;
    const named = 'header' in way ? `the header ${way.header}` : `the query parameter ${way.query}`;
    return found(
      'mediaTypeSelection',
      way,
      `GET /v3/agencias answered ${REF} and ${JSON_FULL}, each when asked for by ${named} (${byDefault ?? 'no type'} when none is asked for)`,
    );
  }
  return hint(
    'mediaTypeSelection',
    `no header (${headers.slice(0, 4).join(', ')}, …) or query parameter (${QUERY_NAMES.slice(0, 4).join(', ')}, …) made GET /v3/agencias answer both ${REF} and ${JSON_FULL} when asked for; see the target's documentation ({"query": "name"} or {"header": "Name"})`,
  );
}

async function conditional(p: Probe) {
  const first = await callEndpoint(p.client, 'home', {});
  const etag = first.headers.etag;
  if (first.status !== 200 || etag === undefined) {
    return hint(
      'conditionalRequestHeader',
      `GET /v3 answered ${first.status ?? first.error?.code} without an ETag: nothing to send back; see the target's documentation`,
    );
  }
  const named = [first.headers.vary, first.headers['access-control-allow-headers']]
    .flatMap((v) => (v ?? '').split(',').map((s) => s.trim()))
    .filter((h) => /^if-|etag/i.test(h));
  const answers = new Map<string, string[]>();
  for (const header of [...new Set([...named, ...CONDITIONAL_HEADERS])]) {
    const res = await callEndpoint(p.client, 'home', { headers: { [header]: etag } });
    if (res.status !== 304) {
      const said = String(res.status ?? res.error?.code);
      answers.set(said, [...(answers.get(said) ?? []), header]);
      continue;
    }
    // The other reading: 304 whatever the header holds. A tag the target never gave must not match.
    const other = await callEndpoint(p.client, 'home', { headers: { [header]: '"vmp-conformance-never-given"' } });
    const how = `GET /v3 with ${header}: <its ETag> answered 304`;
    if (other.status === 200) return found('conditionalRequestHeader', header, `${how}, and 200 with a tag it never gave`);
    return found('conditionalRequestHeader', header, how, {
      conditionalRequestHeader: `a tag it never gave answered ${other.status ?? other.error?.code} too: the header may not be what triggers 304`,
    });
  }
  // Written as null: the checks of 304 skip, saying so, instead of judging a header the target may never read.
  return guessed(
    'conditionalRequestHeader',
    null,
    `GET /v3 with its ETag answered ${[...answers].map(([said, headers]) => `${said} under ${headers.join(', ')}`).join('; ')}`,
    "no header tried triggers 304: give the target's (the checks of 304 skip while it is null)",
  );
}

export const mediaInferrer: Inferrer = {
  name: 'media type selection and conditional requests',
  keys: ['mediaTypeSelection', 'conditionalRequestHeader'],
  async infer(p) {
    const results = [
      p.known.mediaTypeSelection ? undefined : await selection(p),
      p.known.conditionalRequestHeader !== undefined ? undefined : await conditional(p),
    ];
    return outcome(
      results.flatMap((r) => (r && 'value' in r ? [r] : [])),
      results.flatMap((r) => (r && 'hint' in r ? [r] : [])),
    );
  },
};
