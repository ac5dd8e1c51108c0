import { enc, entries, localMoment, saw, SUR, TOPIC_UNAVAILABLE, yesterday } from '../faults-r3/seed-facts.ts';
import { formOf, linksIn, type R4Fault } from './r4.ts';

// Home, Conventions, media types and the problem bodies of Errors: faults that show only in one member, one
// media form, one page or one row.

const ENTRY = 'application/vnd.service.entry+json';
const REF = 'application/vnd.service.ref+json';
const OFFSET = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const HOME_FAULTS: R4Fault[] = [
  {
    name: 'home-link-without-version',
    says: 'The API version is v3; it is the first path segment of every path, and the home document is at /v3.',
    why: 'every path of the interface starts with /v3, so a home link to /agencias points outside the API',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'home' || res.status !== 200) return;
        res.editJson((body) => {
          const links = body._links as Record<string, { href: string }> | undefined;
          const first = links && Object.values(links).find((l) => l.href.startsWith('/v3/agencias'));
          if (first) first.href = first.href.replace(/^\/v3/, '');
        });
      },
    },
    async witness(w) {
      const home = await w.get('/v3');
      const off = linksIn(home.json()).find((l) => !String(l.href).startsWith('/v3'));
      return off ? saw('GET /v3: a home link', off, 'every path under /v3') : undefined;
    },
  },
  {
    name: 'home-template-not-flagged',
    says: 'present and true when href is a URI template',
    why: 'a link whose href holds {param} placeholders must carry templated: true; the home drops it',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'home' || res.status !== 200) return;
        res.editJson((body) => {
          for (const l of linksIn(body)) if (String(l.href).includes('{')) delete l.templated;
        });
      },
    },
    async witness(w) {
      const bad = linksIn((await w.get('/v3')).json()).find((l) => String(l.href).includes('{') && l.templated !== true);
      return bad ? saw('GET /v3: a templated href', bad, 'templated: true') : undefined;
    },
  },
];

export const CONVENTION_FAULTS: R4Fault[] = [
  {
    name: 'hasta-start-of-final-day',
    says: 'last instant of the period covered (end of the final day)',
    why: 'Hasta must be the end of the final day; the fault writes the first instant of that day',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-list' || res.status !== 200) return;
        res.editJson((body) => {
          if (typeof body.Hasta === 'string') body.Hasta = body.Hasta.replace(/T[\d:.]+/, 'T00:00:00.000');
        });
      },
    },
    async witness(w) {
      const day = yesterday(w.today);
      const a = await w.get(`/v3/consultas/${enc(SUR)}?desde=${day}&hasta=${day}`);
      const hasta = Date.parse(a.json()?.Hasta);
      const lo = Date.parse(localMoment(day, '23:59:00'));
      const hi = Date.parse(localMoment(w.today, '00:00:00'));
      return hasta >= lo && hasta < hi ? undefined : saw(`GET consultas hasta=${day}: Hasta`, a.json()?.Hasta, 'the end of that day');
    },
  },
  {
    name: 'page-two-desde-without-offset',
    says: 'Timestamps are ISO 8601 date-times with a UTC offset.',
    why: 'Desde is a date-time, which always carries an offset; the fault drops it from page 2 on',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-list' || res.status !== 200) return;
        res.editJson((body) => {
          if (typeof body.Desde === 'string' && Number(body.Pagina) >= 2) body.Desde = body.Desde.replace(/(Z|[+-]\d{2}:\d{2})$/, '');
        });
      },
    },
    async witness(w) {
      const a = await w.get(`/v3/consultas/${enc(SUR)}?pagina=2`);
      const { Desde, Hasta } = a.json() ?? {};
      return OFFSET.test(Desde) && OFFSET.test(Hasta) ? undefined : saw('GET consultas pagina=2: Desde/Hasta', { Desde, Hasta }, 'date-times with an offset');
    },
  },
  {
    name: 'entry-form-leaves-nulls-out',
    says: 'A field that has no value is sent as null.',
    why: 'a member without value is sent as null, not left out; the entry form of one inquiry omits them',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-get' || res.status !== 200 || formOf(res) !== ENTRY) return;
        res.editJson((body) => {
          for (const part of ['Auto', 'Interesado'])
            for (const [k, v] of Object.entries((body[part] ?? {}) as Record<string, unknown>))
              if (v === null) delete (body[part] as Record<string, unknown>)[k];
        });
      },
    },
    async witness(w) {
      const sid = await w.inquiry(SUR, { Kilometraje: null });
      const auto = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`, { formato: ENTRY })).json()?.Auto ?? {};
      return 'Kilometraje' in auto && auto.Kilometraje === null ? undefined : saw('GET consulta (entry form): Auto', auto, 'Kilometraje: null');
    },
  },
  {
    name: 'text-json-inquiry-camel-case',
    says: 'Field names in inquiry payloads are PascalCase (for example Momento)',
    why: 'inquiry members are PascalCase in every representation; the text/json form writes them camelCase',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-get' || res.status !== 200 || formOf(res) !== 'text/json') return;
        res.editJson((body) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k.startsWith('_') ? k : k[0]!.toLowerCase() + k.slice(1), v])));
      },
    },
    async witness(w) {
      const sid = await w.inquiry(SUR);
      const body = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`, { formato: 'text/json' })).json() ?? {};
      const missing = ['Momento', 'OrigenLead', 'TipoAnuncio', 'Auto', 'Interesado', 'OperadorResponsable'].filter((k) => !(k in body));
      return missing.length === 0 ? undefined : saw('GET consulta (text/json): members', Object.keys(body), `PascalCase ${missing.join(', ')}`);
    },
  },
  {
    name: 'entry-form-absolute-hrefs',
    says: 'relative URI; may contain {param} placeholders when templated is true',
    why: 'a link href is a relative URI; the entry form of one inquiry writes absolute ones',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-get' || res.status !== 200 || formOf(res) !== ENTRY) return;
        res.editJson((body) => {
          for (const l of linksIn(body._links)) l.href = `http://${req.headers.host}${String(l.href)}`;
        });
      },
    },
    async witness(w) {
      const sid = await w.inquiry(SUR);
      const abs = linksIn((await w.get(`/v3/consultas/${enc(SUR)}/${sid}`, { formato: ENTRY })).json()?._links).find((l) =>
        /^[a-z][a-z0-9+.-]*:/i.test(String(l.href)),
      );
      return abs ? saw('GET consulta (entry form): a link', abs, 'a relative href') : undefined;
    },
  },
];

export const MEDIA_FAULTS: R4Fault[] = [
  {
    name: 'colores-ref-entries-carry-id',
    says: 'reference form: each list entry is only a link object with href and title',
    why: 'a reference-form entry is only href and title; the colors list adds the id',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'colores-list' || res.status !== 200 || formOf(res) !== REF) return;
        res.editJson((body) => {
          for (const e of (body._entries ?? []) as Record<string, unknown>[]) e.Codigo = Number(String(e.href).split('/').pop());
        });
      },
    },
    async witness(w) {
      const extra = entries(await w.get('/v3/colores', { formato: REF })).find((e) => Object.keys(e).some((k) => k !== 'href' && k !== 'title'));
      return extra ? saw('GET /v3/colores (ref): an entry', extra, 'only href and title') : undefined;
    },
  },
  {
    name: 'bestmatch-400-as-plain-json',
    says: 'Error bodies use application/problem+json (see Errors).',
    why: 'a 400 validation problem is application/problem+json; the city lookup labels it application/json',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint === 'ciudades-bestmatch' && res.status === 400) res.headers['content-type'] = 'application/json; charset=utf-8';
      },
    },
    async witness(w) {
      const a = await w.get('/v3/ciudades/bestmatch?state=Atlantida&city=Nada');
      return a.status === 400 && (a.headers['content-type'] ?? '').startsWith('application/problem+json')
        ? undefined
        : saw('GET /v3/ciudades/bestmatch (no match)', `${a.status} ${a.headers['content-type']}`, '400 application/problem+json');
    },
  },
  {
    name: 'forbidden-topic-as-plain-json',
    says: 'The 403 body is a problem body (application/problem+json); its fields: not shown.',
    why: 'a 403 body is application/problem+json; the unavailable topic is refused with application/json',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint === 'appnotificaciones-post' && res.status === 403) res.headers['content-type'] = 'application/json';
      },
    },
    async witness(w) {
      const a = await w.call('POST', `/v3/appnotificaciones/${TOPIC_UNAVAILABLE}`, { json: w.upsert('http://127.0.0.1:9/r4') });
      return a.status === 403 && (a.headers['content-type'] ?? '').startsWith('application/problem+json')
        ? undefined
        : saw('POST an unavailable topic', `${a.status} ${a.headers['content-type']}`, '403 application/problem+json');
    },
  },
];

export const ERROR_FAULTS: R4Fault[] = [
  {
    name: 'problem-instance-with-query',
    says: 'URI path of the request',
    why: 'Instance is the URI path of the request; the fault appends the query string to it',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (res.status !== 400 || !req.url.includes('?')) return;
        res.editJson((body) => {
          if ('Instance' in body) body.Instance = req.url;
        });
      },
    },
    async witness(w) {
      const a = await w.get(`/v3/consultas/${enc(SUR)}?pagina=0`);
      const instance = a.json()?.Instance;
      return a.status === 400 && typeof instance === 'string' && !instance.includes('?')
        ? undefined
        : saw('GET consultas pagina=0: Instance', instance, 'the path only');
    },
  },
  {
    name: 'conflict-errors-as-strings',
    says: 'map from property name to an array of message strings',
    why: 'each Errors value is an array of strings; the 409 of an invitation sends one string',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'agencias-invite' || res.status !== 409) return;
        res.editJson((body) => {
          const errors = body.Errors as Record<string, string[]>;
          for (const k of Object.keys(errors ?? {})) (errors as Record<string, unknown>)[k] = errors[k]!.join(' ');
        });
      },
    },
    async witness(w) {
      const a = await w.invite(SUR);
      const errors = a.json()?.Errors ?? {};
      const ok = a.status === 409 && Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
      return ok ? undefined : saw('POST /v3/agencias (registered): Errors', `${a.status} ${JSON.stringify(errors)}`, '409, arrays of strings');
    },
  },
  {
    name: 'validation-problem-without-extensions',
    says: 'additional members; may be empty',
    why: 'Extensions is a member of the validation problem body (an object, possibly empty); the city list drops it',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'ciudades-list' || res.status !== 400) return;
        res.editJson((body) => {
          delete body.Extensions;
        });
      },
    },
    async witness(w) {
      const a = await w.get('/v3/ciudades');
      const ext = a.json()?.Extensions;
      return a.status === 400 && ext !== null && typeof ext === 'object' && !Array.isArray(ext)
        ? undefined
        : saw('GET /v3/ciudades (no filter)', `${a.status} Extensions ${JSON.stringify(ext)}`, '400 with an Extensions object');
    },
  },
];
