import { essence, MEDIA_TYPES } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { hrefsWithin } from '../hrefs.ts';
import { found, hint, outcome, type Inferrer, type Probe } from './probe.ts';

// Endpoints > Consultas: "How a caller chooses among the media types of a response (for example by an Accept
// header): not shown", and Endpoints > Home: "The request header that triggers 304: not shown". Both by trying:
// ask GET /v3/agencias for its reference form (no full form looks like it) each way, and GET /v3 again with its
// ETag under each header that may carry it.

const REF = MEDIA_TYPES.ref;

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
/** Headers that may carry the entity tag, after those the target's Vary or CORS headers name. */
const CONDITIONAL_HEADERS = ['If-None-Match', 'X-If-None-Match', 'If-Match-None', 'X-ETag', 'ETag'];

/** Names of query parameters in the target's links: `{?a,b}` templates and `?a=` queries of the home document. */
function linkedQueryNames(json: unknown): string[] {
  return hrefsWithin(json).flatMap((href) => [
    ...[...href.matchAll(/\{[?&]([^}]+)\}/g)].flatMap((m) => m[1]!.split(',')),
    ...[...href.matchAll(/[?&]([^=&{}#]+)=/g)].map((m) => m[1]!),
  ]);
}

const isRef = (contentType: string | undefined) => essence(contentType) === REF;

async function selection(p: Probe) {
  const byHeader = await callEndpoint(p.client, 'agencias-list', { headers: { Accept: REF } });
  if (isRef(byHeader.headers['content-type'])) return found('mediaTypeSelection', { header: 'Accept' }, `GET /v3/agencias with Accept: ${REF} answered ${REF}`);
  const home = await callEndpoint(p.client, 'home', {});
  const names = [...new Set([...linkedQueryNames(home.json), ...QUERY_NAMES])];
  for (const name of names) {
    if (p.signal?.aborted) break;
    const res = await callEndpoint(p.client, 'agencias-list', { query: { [name]: REF } });
    if (isRef(res.headers['content-type']))
      return found('mediaTypeSelection', { query: name }, `GET /v3/agencias?${name}=${REF} answered ${REF}, and Accept did not select it`);
  }
  return hint(
    'mediaTypeSelection',
    `neither Accept nor a query parameter (${names.slice(0, 6).join(', ')}, …) made GET /v3/agencias answer ${REF}; see the target's documentation ({"query": "name"} or {"header": "Name"})`,
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
  for (const header of [...new Set([...named, ...CONDITIONAL_HEADERS])]) {
    const res = await callEndpoint(p.client, 'home', { headers: { [header]: etag } });
    if (res.status === 304) return found('conditionalRequestHeader', header, `GET /v3 with ${header}: <its ETag> answered 304`);
  }
  return hint(
    'conditionalRequestHeader',
    `GET /v3 answered 200 again with its ETag under each of ${CONDITIONAL_HEADERS.join(', ')}; see the target's documentation`,
  );
}

export const mediaInferrer: Inferrer = {
  name: 'media type selection and conditional requests',
  keys: ['mediaTypeSelection', 'conditionalRequestHeader'],
  async infer(p) {
    const results = [p.known.mediaTypeSelection ? undefined : await selection(p), p.known.conditionalRequestHeader ? undefined : await conditional(p)];
    return outcome(
      results.flatMap((r) => (r && 'value' in r ? [r] : [])),
      results.flatMap((r) => (r && 'hint' in r ? [r] : [])),
    );
  },
};
