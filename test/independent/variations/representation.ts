import { randomUUID } from 'node:crypto';
import { createPrng } from '../../../generators/prng.ts';
import { everyValue, escaped, reverseMembers, spacious } from './json-rewrite.ts';
import type { MutantRequest } from '../../mutants/exchange.ts';
import { jsonAnswers, jsonEverywhere, jsonText, sleep, isApi, type Variation } from './variation.ts';

// How an answer is written: the JSON text (member order, white space, escapes, members the spec does not list
// where it shows no fields) and the HTTP message around it (media-type parameters, framing, headers, latency).

/** Paths of resources whose fields are "not shown" (Resources > Other resources): all but the inquiries. */
const unshown = (req: MutantRequest): boolean => req.segments[0] === 'v3' && req.segments[1] !== 'consultas';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const REPRESENTATION: Variation[] = [
  {
    name: 'members-reversed',
    kind: 'representation',
    allows: 'RFC 8259 §4: "An object is an unordered collection of zero or more name/value pairs"',
    targets: ['reference', 'indep', 'sur'],
    fault: jsonEverywhere(reverseMembers),
  },
  {
    name: 'white-space',
    kind: 'representation',
    allows: 'RFC 8259 §2: "Insignificant whitespace is allowed before or after any of the six structural characters"',
    targets: ['reference', 'reference-alt'],
    fault: jsonText(spacious),
  },
  {
    name: 'escaped-characters',
    kind: 'representation',
    allows: 'RFC 8259 §7: "Any character may be escaped" (\\u00e9 for é, \\/ for /)',
    targets: ['reference'],
    fault: jsonText(escaped),
  },
  {
    name: 'extra-members-where-fields-not-shown',
    kind: 'representation',
    allows: 'Other resources: "Fields of these: not shown"',
    targets: ['reference', 'alt'],
    fault: jsonAnswers((json, req, res) =>
      res.status < 300 && unshown(req)
        ? everyValue(json, (_k, v) => (isRecord(v) && '_links' in v ? { ...v, Auditoria: { Origen: 'variacion', Revisado: null } } : v))
        : json,
    ),
  },
  {
    // A representation that says when it was made changes from one read to the next (not home's: a strong ETag
    // would have to change with it, RFC 9110 §8.8.1).
    name: 'generated-at-member',
    kind: 'representation',
    allows: 'Other resources: "Fields of these: not shown" (a member stating when the representation was generated)',
    targets: ['reference'],
    fault: jsonAnswers((json, req, res) =>
      res.status < 300 && req.endpoint !== 'home' && unshown(req) && isRecord(json) ? { ...json, GeneradoEl: new Date().toISOString() } : json,
    ),
  },
  {
    // The Consulta, its objects and the paged envelope list their fields; nothing says no other member may stand
    // beside them, and a client that reads the listed ones is not disturbed (PascalCase, as the convention asks).
    name: 'extra-members-in-inquiries',
    kind: 'representation',
    allows: 'Conventions: "Field names in inquiry payloads are PascalCase" (the tables list fields; none is closed)',
    targets: ['reference'],
    fault: jsonEverywhere((json) =>
      everyValue(json, (k, v) => {
        if (!isRecord(v)) return v;
        if ('Momento' in v) return { ...v, Canal: 'web' };
        if (k === 'Auto' || k === 'Interesado') return { ...v, Notas: null };
        if ('PerPagina' in v) return { ...v, Orden: 'Momento' };
        return v;
      }),
    ),
  },
  {
    // Issue 28 §3: a list entry that is a summary of its resource. AppWebhooks as a list of entries, each with the
    // self link of its topic: a configured one shows its record's members but the timestamps, an available one
    // only its topic (its self leads to a 404 until it is configured).
    name: 'topic-list-entries-summaries',
    kind: 'representation',
    allows: 'Endpoints > AppNotificaciones: "200 AppWebhooks"; Other resources: "Fields of these: not shown"',
    targets: ['reference'],
    fault: {
      async response(req, res, ctx) {
        if (req.endpoint !== 'appnotificaciones-list' || res.status !== 200 || !req.app) return;
        const json = res.json();
        if (!isRecord(json) || !Array.isArray(json.Topicos)) return;
        const entries = [];
        for (const t of json.Topicos as Record<string, unknown>[]) {
          const summary = { Topic: t.Topic, _links: t._links };
          if (t.Configurado !== true || typeof t.Topic !== 'string') {
            entries.push(summary);
            continue;
          }
          const record = (await ctx.upstream('GET', `/v3/appnotificaciones/${encodeURIComponent(t.Topic)}`, { app: req.app })).json();
          const kept: Record<string, unknown> = isRecord(record) ? { ...record } : summary;
          delete kept.CreadaEl;
          delete kept.ModificadaEl;
          entries.push(kept);
        }
        res.setJson({ _entries: entries, _links: json._links });
      },
    },
  },
  {
    name: 'media-type-parameters',
    kind: 'http',
    allows: 'RFC 9110 §8.3.1: parameter names are case-insensitive, values may be quoted; "none of them carries a version number" (charset carries none)',
    targets: ['reference', 'indep'],
    fault: {
      response(req, res) {
        const type = res.headers['content-type'];
        if (isApi(req) && type) res.headers['content-type'] = `${type.split(';')[0]!.trim()};CHARSET="UTF-8"`;
      },
    },
  },
  {
    name: 'media-type-upper-case',
    kind: 'http',
    allows: 'RFC 9110 §8.3.1: "The type and subtype tokens are case-insensitive"',
    targets: ['reference'],
    fault: {
      response(req, res) {
        const type = res.headers['content-type'];
        if (isApi(req) && type) res.headers['content-type'] = `${type.split(';')[0]!.trim().toUpperCase()}; charset=utf-8`;
      },
    },
  },
  {
    name: 'chunked-framing',
    kind: 'http',
    allows: 'RFC 9112 §6.1: a message body framed by Transfer-Encoding: chunked instead of Content-Length',
    targets: ['reference', 'sur'],
    fault: {
      response(_req, res) {
        // Only where there is a body: a 204 or 304 has none to frame (RFC 9112 §6.3).
        if (res.body === '' || res.status === 204 || res.status === 304) return;
        delete res.headers['content-length'];
        res.headers['transfer-encoding'] = 'chunked';
      },
    },
  },
  {
    name: 'connection-close',
    kind: 'http',
    allows: 'RFC 9112 §9.6: a server may close the connection after any response ("Connection: close")',
    targets: ['reference', 'indep'],
    fault: {
      response(_req, res) {
        res.headers.connection = 'close';
      },
    },
  },
  {
    name: 'extra-headers',
    kind: 'http',
    allows: 'RFC 9110 §5.1: header fields a recipient does not recognise are ignored; the spec lists only ETag and Location',
    targets: ['reference', 'alt'],
    fault: {
      response(req, res) {
        Object.assign(res.headers, {
          'cache-control': 'no-store',
          vary: 'Accept, Authorization',
          'x-request-id': randomUUID(),
          server: 'variation/1.0',
          'x-ratelimit-remaining': '999',
          link: '</v3>; rel="index"',
        });
        if (req.method === 'GET' && res.status === 200 && !res.headers.etag) res.headers.etag = `"r-${res.body.length}"`;
      },
    },
  },
  {
    // Latency within the run's timeouts: one answer in eight waits up to 400 ms.
    name: 'slow-answers',
    kind: 'http',
    allows: 'Limits: "Rate limits, quotas": not shown; nothing bounds how long an answer takes',
    targets: ['reference'],
    fault: (() => {
      const prng = createPrng(21);
      return {
        async response() {
          if (prng.next() < 0.125) await sleep(Math.floor(prng.next() * 400));
        },
      };
    })(),
  },
];
