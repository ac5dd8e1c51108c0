import { answers } from '../../support/fault-shapes.ts';
import type { Fault } from '../../mutants/fault.ts';
import type { OutsiderFault } from './outsider.ts';
import { walk } from './walk.ts';

// Resources > Conventions and Versioning: wire format, timestamps, null, link objects, media types.

const INQUIRIES = ['consultas-list', 'consultas-get'];
const CATALOG_LISTS = ['ciudades-list', 'colores-list', 'marcas-list', 'carrocerias-list'];
const OFFSET = /(?:Z|[+-]\d\d:\d\d)$/;

/** A JSON rewrite of every 2xx answer of the endpoints. */
const everyMember = (endpoints: string[], edit: (key: string, value: unknown) => unknown): Fault =>
  answers(endpoints, (_req, res) => {
    if (res.status < 300) res.editJson((j) => walk(j, edit) as Record<string, unknown>);
  });

export const CONVENTION_FAULTS: OutsiderFault[] = [
  {
    name: 'momento-without-offset',
    says: 'Timestamps are ISO 8601 date-times with a UTC offset.',
    fault: everyMember(INQUIRIES, (k, v) => (k === 'Momento' && typeof v === 'string' ? v.replace(OFFSET, '') : v)),
  },
  {
    name: 'envelope-desde-hasta-as-dates',
    says: 'Desde | string, date-time | first instant of the period covered',
    fault: everyMember(['consultas-list'], (k, v) => ((k === 'Desde' || k === 'Hasta') && typeof v === 'string' ? v.slice(0, 10) : v)),
  },
  {
    name: 'null-members-left-out',
    says: 'A field that has no value is sent as null.',
    fault: everyMember(INQUIRIES, (_k, v) => (v === null ? undefined : v)),
  },
  {
    name: 'link-hrefs-absolute',
    says: 'href | string | relative URI',
    fault: answers(CATALOG_LISTS, (req, res) => {
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      if (res.status === 200)
        res.editJson((j) => walk(j, (k, v) => (k === 'href' && typeof v === 'string' && v.startsWith('/') ? origin + v : v)) as Record<string, unknown>);
    }),
  },
  {
    name: 'links-renamed-capitalised',
    says: 'link members are lower case (_links, _entries, href, title, templated)',
    fault: answers(INQUIRIES, (_req, res) => {
      if (res.status === 200) res.body = res.body.split('"_links"').join('"Links"');
    }),
  },
  {
    name: 'consulta-members-camel-case',
    says: 'Field names in inquiry payloads are PascalCase (for example Momento)',
    fault: answers(['consultas-get'], (_req, res) => {
      if (res.status === 200) res.body = res.body.replace(/"(Momento|Auto|Interesado)"/g, (_m, k: string) => `"${k[0]!.toLowerCase()}${k.slice(1)}"`);
    }),
  },
  {
    name: 'entry-form-labelled-versioned',
    says: 'none of them carries a version number',
    fault: answers([...CATALOG_LISTS, ...INQUIRIES], (_req, res) => {
      if (res.headers['content-type']?.startsWith('application/vnd.service.entry+json'))
        res.headers['content-type'] = 'application/vnd.service.entry+json; version=3';
    }),
  },
];
