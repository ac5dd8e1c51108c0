import { answers } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { asksRef, camel, dropNulls, entriesOf, isObject, mapStrings, REF_FORM, renameKeys, wallClockAsUtc, withoutOffset } from './shapes.ts';
import { enc, entries, localMoment, saw, SUR, yesterday } from './seed-facts.ts';

// Conventions: wire format, PascalCase inquiry members and lower-case link members, timestamps with an offset,
// null for a field without a value, the values of a Consulta's fields.

const DATE_TIME_PREFIX = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

/** Every date-time-looking string of a JSON value. */
function dateTimes(value: unknown): string[] {
  if (typeof value === 'string') return DATE_TIME_PREFIX.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(dateTimes);
  return isObject(value) ? Object.values(value).flatMap(dateTimes) : [];
}

export const CONVENTION_FAULTS: R3Fault[] = [
  {
    name: 'consulta-get-leaves-out-null-members',
    kind: 'data-shape',
    says: 'A field that has no value is sent as null.',
    why: 'Conventions: a member without a value is present with null, not left out (a serializer that skips nulls breaks it).',
    fault: answers(['consultas-get'], (_req, res) => {
      if (res.status === 200) res.editJson((body) => dropNulls(body) as Record<string, unknown>);
    }),
    witness: async (w) => {
      const sid = await w.inquiry(SUR);
      const auto = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`)).json()?.Auto ?? {};
      return 'Version' in auto && auto.Version === null ? undefined : saw('GET the inquiry: Auto.Version (no value)', auto, 'Version: null');
    },
  },
  {
    name: 'consultas-list-zero-mileage-as-null',
    kind: 'data-shape',
    says: '| Kilometraje | integer or null | mileage |',
    why: 'Consulta/Auto: Kilometraje is an integer when it has a value; 0 km is a value (a new car), not null.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        for (const e of entriesOf(body)) if (isObject(e) && isObject(e.Auto) && e.Auto.Kilometraje === 0) e.Auto.Kilometraje = null;
      });
    }),
    witness: async (w) => {
      await w.inquiry(SUR, { ExternalId: 'PUB-R3-KM0', Kilometraje: 0 });
      const [entry] = entries(await w.get(`/v3/consultas/${enc(SUR)}?externalid=PUB-R3-KM0`));
      return entry?.Auto?.Kilometraje === 0 ? undefined : saw('the inquiry listed: Auto.Kilometraje (sent 0)', entry?.Auto?.Kilometraje, '0');
    },
  },
  {
    name: 'consulta-catalog-external-id-null',
    kind: 'data-shape',
    says: "the publication's external identifier; empty string for catalog-type inquiries",
    why: 'Auto.ExternalId is the empty string, not null, for catalog-type inquiries.',
    fault: answers(['consultas-get'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        if (isObject(body.Auto) && body.Auto.ExternalId === '') body.Auto.ExternalId = null;
      });
    }),
    witness: async (w) => {
      const sid = await w.inquiry(SUR, { ExternalId: '' });
      const id = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`)).json()?.Auto?.ExternalId;
      return id === '' ? undefined : saw('GET a catalog-type inquiry: Auto.ExternalId', id, '""');
    },
  },
  {
    name: 'consulta-get-local-time-marked-utc',
    kind: 'data-shape',
    says: 'Timestamps are ISO 8601 date-times with a UTC offset.',
    why: 'A timestamp with an offset names one instant: the wall clock of −03:00 written with Z names another, three hours off.',
    fault: answers(['consultas-get'], (_req, res) => {
      if (res.status === 200) res.editJson((body) => void (body.Momento = wallClockAsUtc(String(body.Momento))));
    }),
    witness: async (w) => {
      const momento = localMoment(yesterday(w.today), '15:20:00');
      const sid = await w.inquiry(SUR, { Momento: momento });
      const got = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`)).json()?.Momento;
      return Date.parse(got) === Date.parse(momento) ? undefined : saw('GET the inquiry: Momento (received at 15:20-03:00)', got, `the instant ${momento}`);
    },
  },
  {
    name: 'agencia-timestamps-without-offset',
    kind: 'data-shape',
    says: 'Timestamps are ISO 8601 date-times with a UTC offset.',
    why: 'Conventions: every timestamp carries a UTC offset, in an Agencia as anywhere.',
    fault: answers(['agencias-get'], (_req, res) => {
      if (res.status === 200) res.editJson((body) => mapStrings(body, withoutOffset) as Record<string, unknown>);
    }),
    witness: async (w) => {
      const bad = dateTimes((await w.get(`/v3/agencias/${enc(SUR)}`)).json()).find((s) => !WITH_OFFSET.test(s));
      return bad ? saw('GET the agency: a timestamp', bad, 'an offset') : undefined;
    },
  },
  {
    name: 'consultas-envelope-period-as-dates',
    kind: 'data-shape',
    says: '| Desde | string, date-time | first instant of the period covered |',
    why: 'Paged list envelope: Desde and Hasta are date-times (the first and last instants), not the query dates echoed.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        body.Desde = String(body.Desde).slice(0, 10);
        body.Hasta = String(body.Hasta).slice(0, 10);
      });
    }),
    witness: async (w) => {
      const body = (await w.get(`/v3/consultas/${enc(SUR)}`)).json();
      const ok = [body?.Desde, body?.Hasta].every((s) => typeof s === 'string' && DATE_TIME_PREFIX.test(s) && WITH_OFFSET.test(s));
      return ok ? undefined : saw('GET the inquiry list: Desde, Hasta', [body?.Desde, body?.Hasta], 'date-times with an offset');
    },
  },
  {
    name: 'consulta-get-nested-members-camel-case',
    kind: 'data-shape',
    says: 'Field names in inquiry payloads are PascalCase (for example Momento)',
    why: 'Conventions: inquiry field names are PascalCase at every depth (Auto.Marca, not Auto.marca).',
    fault: answers(['consultas-get'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        for (const k of ['Auto', 'Interesado']) if (isObject(body[k])) body[k] = renameKeys(body[k], camel);
      });
    }),
    witness: async (w) => {
      const sid = await w.inquiry(SUR);
      const auto = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`)).json()?.Auto ?? {};
      return 'Marca' in auto ? undefined : saw('GET the inquiry: Auto members', Object.keys(auto), 'PascalCase (Marca)');
    },
  },
  {
    name: 'agencias-ref-link-members-pascal-case',
    kind: 'link-problem-media',
    says: 'link members are lower case (_links, _entries, href, title, templated)',
    why: 'Conventions: link objects use href and title, lower case, also in reference-form entries.',
    fault: answers(['agencias-list'], (req, res) => {
      if (res.status !== 200 || !asksRef(req)) return;
      res.editJson((body) => {
        body._entries = entriesOf(body).map((e) => renameKeys(e, (k) => (k === 'href' ? 'Href' : k === 'title' ? 'Title' : k)));
      });
    }),
    witness: async (w) => {
      const bad = entries(await w.get('/v3/agencias', { formato: REF_FORM })).find((e) => typeof e?.href !== 'string');
      return bad ? saw('GET /v3/agencias (ref): an entry', bad, 'href and title') : undefined;
    },
  },
];
