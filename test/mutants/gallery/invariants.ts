import { empty, problem } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { inquiryFilter } from './filter-faults.ts';
import { answers, entriesOf, formAsked, requests, type Json } from './helpers.ts';

// Issue 28 §2: invariants that hold for every answer, each fault showing in one form, one kind of read or only
// after a write, where an example-based check would not look.

/** The value with every member whose value is null left out, at every depth. */
const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
};

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s).toLowerCase();
  } catch {
    return s.toLowerCase();
  }
};

/** Text as a server reading UTF-8 bytes as Latin-1 stores it. */
const mojibake = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');

/** Every string of a JSON value as mojibake. */
const twice = (value: unknown): unknown => {
  if (typeof value === 'string') return mojibake(value);
  if (Array.isArray(value)) return value.map(twice);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, twice(v)]));
};

const PUT_AGENCIES = 'put-agencies';
const DISSOCIATED = 'dissociated-mails';
const NULLED = 'nulled-members';
const OPERATORS = 'operators-seen';

/** A filter of `endpointId` heeded alone, but dropped once `other` is sent with it: the pair selects what `other` selects. */
const droppedWith = (endpointId: string, dropped: string, other: string) =>
  requests([endpointId], (req) => {
    if (req.query.has(other)) req.query.delete(dropped);
  });

/** A filter value as a careless match compares it: a part of the address, case aside. */
const partOf = (whole: unknown, value: string): boolean => typeof whole === 'string' && whole.toLowerCase().includes(value.toLowerCase());

export const INVARIANT_MUTANTS: Mutant[] = [
  {
    // The entry form of an inquiry leaves out the members that have no value; application/json sends them as null.
    name: 'entry-form-leaves-nulls-out',
    statement: 'conventions/media-entry',
    breaks: 'conventions/full-forms-agree',
    fault: answers(['consultas-get', 'consultas-list'], (req, res) => {
      if (res.status === 200 && formAsked(req) === 'entry') res.editJson((body) => withoutNulls(body) as Json);
    }),
  },
  {
    // The text/json form of the body-style list is one entry short of application/json's.
    name: 'text-json-list-one-short',
    statement: 'conventions/media-text-json',
    breaks: 'conventions/full-forms-agree',
    fault: answers(['carrocerias-list'], (req, res) => {
      if (res.status !== 200 || formAsked(req) !== 'textJson') return;
      res.editJson((body: unknown) => {
        if (Array.isArray(body)) return body.slice(1) as unknown as Json;
        const list = body as Json;
        if (Array.isArray(list._entries)) list._entries = list._entries.slice(1);
        return list;
      });
    }),
  },
  {
    // Once an agency was edited, its reference-form title is empty (read from a member the edit does not send).
    name: 'agency-ref-title-empty-after-put',
    statement: 'link/title',
    breaks: 'conventions/ref-title-non-empty',
    only: 'conventions/ref-title-non-empty,conventions/presence-stable',
    fault: {
      response(req, res, ctx) {
        const edited = (ctx.memory.get(PUT_AGENCIES) as Set<string> | undefined) ?? new Set<string>();
        ctx.memory.set(PUT_AGENCIES, edited);
        if (req.endpoint === 'agencias-put' && res.status === 200) edited.add(decoded(req.param('adminMail') ?? ''));
        if (!['agencias-list', 'agencias-get'].includes(req.endpoint ?? '') || res.status !== 200 || formAsked(req) !== 'ref') return;
        res.editJson((body: unknown) => {
          const entries = Array.isArray(body)
            ? (body as Json[])
            : Array.isArray((body as Json)._entries)
              ? ((body as Json)._entries as Json[])
              : [body as Json];
          for (const e of entries) if (typeof e.href === 'string' && [...edited].some((m) => decoded(e.href as string).includes(m))) e.title = '';
        });
      },
    },
  },
  {
    // A member an edit wrote null is left out of the agency from then on, instead of being sent as null.
    name: 'agency-member-written-null-left-out',
    statement: 'conventions/null',
    breaks: 'conventions/presence-stable',
    fault: {
      response(req, res, ctx) {
        const nulled = (ctx.memory.get(NULLED) as Map<string, Set<string>> | undefined) ?? new Map<string, Set<string>>();
        ctx.memory.set(NULLED, nulled);
        const mail = decoded(req.param('adminMail') ?? '');
        if (req.endpoint === 'agencias-put' && res.status === 200) {
          const body = req.json();
          const members = nulled.get(mail) ?? new Set<string>();
          if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (v === null) members.add(k);
          nulled.set(mail, members);
        }
        const gone = nulled.get(mail);
        if (!gone || !['agencias-get', 'agencias-put'].includes(req.endpoint ?? '') || res.status !== 200 || formAsked(req) === 'ref') return;
        res.editJson((agency) => {
          for (const m of gone) delete agency[m];
        });
      },
    },
  },
  {
    // Plus-addressing dropped on invitation: the agency is stored as the address without its tag.
    name: 'invitation-drops-plus-tag',
    statement: 'endpoints/admin-mail-is-email',
    breaks: 'agencias/values-round-trip',
    fault: requests(['agencias-invite'], (req) => {
      const body = req.json() as Json | undefined;
      if (typeof body?.AdminMail !== 'string' || !body.AdminMail.includes('+')) return;
      body.AdminMail = body.AdminMail.replace(/\+[^@]*@/, '@');
      req.body = JSON.stringify(body);
    }),
  },
  {
    // A + written as it is in the path read as a space, as form decoding does.
    name: 'agency-path-plus-read-as-space',
    statement: 'endpoints/admin-mail-is-email',
    breaks: 'agencias/values-round-trip',
    fault: requests(['agencias-get'], (req) => {
      if (req.path.includes('+')) req.setParam('adminMail', (req.param('adminMail') ?? '').replace(/\+/g, ' '));
    }),
  },
  {
    // An agency's text written out as its UTF-8 bytes read as Latin-1 (encoded twice).
    name: 'agency-non-ascii-encoded-twice',
    statement: 'endpoints/agencias-put/body',
    breaks: 'agencias/values-round-trip',
    fault: answers(['agencias-put', 'agencias-get'], (_req, res) => {
      if (res.status === 200) res.editJson((body) => twice(body) as Json);
    }),
  },
  {
    // A pending invitation shown to every app: another app's 404 answered with the inviting app's state.
    name: 'pending-invitation-shown-to-other-app',
    statement: 'auth/absent-agency',
    breaks: 'scoping/pending-invitation-hidden',
    fault: answers(['agencias-get', 'agencias-options'], async (req, res, ctx) => {
      if (req.app !== 'other' || res.status !== 404) return;
      const path = `/v3/agencias/${encodeURIComponent(req.param('adminMail') ?? '')}`;
      const primary = await ctx.upstream(req.method, path, { ...(req.headers.accept ? { accept: req.headers.accept } : {}) });
      const state = primary.json() as Json | undefined;
      if (primary.status === 200 && state?.Estado !== 'registrada') Object.assign(res, { status: 200, headers: primary.headers, body: primary.body });
    }),
  },
  {
    // A pending invitation may be dissociated (the reference refuses it: whether it can is not shown), but the
    // e-mail is then kept as registered: invited again, 409.
    name: 'dissociated-pending-invitation-conflicts',
    statement: 'states/invitation-condition',
    breaks: 'lifecycle/invitation-pending-202',
    fault: {
      async request(req, ctx) {
        const gone = (ctx.memory.get(DISSOCIATED) as Set<string> | undefined) ?? new Set<string>();
        ctx.memory.set(DISSOCIATED, gone);
        if (req.endpoint === 'agencias-desasociar' && req.app === 'primary') {
          const mail = req.param('adminMail') ?? '';
          const state = await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(mail)}`);
          if (state.status === 200 && (state.json() as Json | undefined)?.Estado === 'pendiente') {
            gone.add(mail.toLowerCase());
            return empty(204);
          }
        }
        const mail = (req.json() as Json | undefined)?.AdminMail;
        if (req.endpoint === 'agencias-invite' && typeof mail === 'string' && gone.has(mail.toLowerCase()))
          return problem(req, 409, { _: ['the e-mail is already registered'] });
      },
    },
  },
  {
    // nombre heeded alone, but dropped once q is given too: the pair selects what q selects.
    name: 'colores-nombre-dropped-with-q',
    statement: 'endpoints/colores-list/nombre',
    breaks: 'filters/pairs-combine',
    fault: droppedWith('colores-list', 'nombre', 'q'),
  },
  {
    // soloMercadoNuevos heeded alone, but dropped once q is given too.
    name: 'marcas-solo-mercado-nuevos-dropped-with-q',
    statement: 'endpoints/marcas-list/solo-mercado-nuevos',
    breaks: 'filters/pairs-combine',
    fault: droppedWith('marcas-list', 'soloMercadoNuevos', 'q'),
  },
  {
    // externalid heeded alone, but dropped once operador is given too: the pair lists what operador lists.
    name: 'consultas-externalid-dropped-with-operador',
    statement: 'endpoints/consultas-list/externalid',
    breaks: 'filters/pairs-combine',
    fault: droppedWith('consultas-list', 'externalid', 'operador'),
  },
  {
    // hasta heeded alone, but dropped once externalid is given too (the period then runs to today).
    name: 'consultas-hasta-dropped-with-externalid',
    statement: 'endpoints/consultas-list/hasta',
    breaks: 'filters/pairs-combine',
    fault: droppedWith('consultas-list', 'hasta', 'externalid'),
  },
  {
    // operador matched as a part of OperadorResponsable (a LIKE '%…%'), not as the whole e-mail.
    name: 'consultas-operador-matches-part-of-email',
    statement: 'endpoints/consultas-list/operador',
    breaks: 'consultas/list/filter-operador-whole-email',
    fault: inquiryFilter('operador', (consulta, value) => partOf(consulta.OperadorResponsable, value)),
  },
  {
    // operador matched as a part of an operator's e-mail: a value that is a part of one the server knows (here, one
    // the inquiries named) is taken for that operator.
    name: 'agencias-operador-matches-part-of-email',
    statement: 'endpoints/agencias-list/operador',
    breaks: 'filters/agencias-operador-whole-email',
    fault: {
      request(req, ctx) {
        const seen = (ctx.memory.get(OPERATORS) as Set<string> | undefined) ?? new Set<string>();
        const value = req.query.get('operador');
        if (req.endpoint !== 'agencias-list' || !value) return;
        const whole = [...seen].find((op) => op.toLowerCase() !== value.toLowerCase() && partOf(op, value));
        if (whole) req.query.set('operador', whole);
      },
      response(req, res, ctx) {
        if (req.endpoint !== 'consultas-list' || res.status !== 200) return;
        const seen = (ctx.memory.get(OPERATORS) as Set<string> | undefined) ?? new Set<string>();
        ctx.memory.set(OPERATORS, seen);
        for (const e of entriesOf(res.json() as Json)) if (typeof e.OperadorResponsable === 'string') seen.add(e.OperadorResponsable);
      },
    },
  },
  {
    // The reference-form list's entries link to each inquiry's resend operation, not to the inquiry (titles right, and
    // the full form links there too).
    name: 'inquiry-ref-entries-link-to-resend',
    statement: 'conventions/media-ref',
    breaks: 'consultas/ref/links-to-inquiry',
    fault: answers(['consultas-list'], (req, res) => {
      if (res.status !== 200 || formAsked(req) !== 'ref') return;
      res.editJson((page) => {
        for (const e of entriesOf(page)) if (typeof e.href === 'string') e.href = `${e.href}/resendwebhook`;
      });
    }),
  },
  {
    // The reference form of one inquiry links to its agency's inquiry list, not to the inquiry.
    name: 'inquiry-get-ref-links-to-list',
    statement: 'consulta/ref-title',
    breaks: 'consultas/ref/links-to-inquiry',
    fault: answers(['consultas-get'], (req, res) => {
      if (res.status !== 200 || formAsked(req) !== 'ref') return;
      res.editJson((link) => void (link.href = `/v3/consultas/${encodeURIComponent(req.param('adminMail') ?? '')}`));
    }),
  },
];
