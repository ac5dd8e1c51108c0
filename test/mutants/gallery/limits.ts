import { addDays, LIMITS } from '../../../models/index.ts';
import { problem, type MutantRequest } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { invalidBecause, today } from './helpers.ts';

// Limits: each bound broken in both directions — a value just past it accepted (rewritten into a valid one
// before the reference sees it), and a value exactly at it rejected (answered 400 by the proxy).

const { adminMail, topic, sid, pagina, desde } = LIMITS;

/** Rewrites a path or query parameter before forwarding, when `when` says so. */
export function rewrite(name: string, when: (value: string, req: MutantRequest, ctx: FaultContext) => boolean, to: (value: string) => string): Fault {
  return {
    request(req, ctx) {
      const value = req.param(name) ?? req.query.get(name) ?? undefined;
      if (value === undefined || !when(value, req, ctx)) return;
      if (req.param(name) !== undefined) req.setParam(name, to(value));
      else req.query.set(name, to(value));
    },
  };
}

/** Answers 400 (a well-formed validation problem keyed by the parameter) when `when` says so. */
export function refuse(name: string, when: (value: string, req: MutantRequest, ctx: FaultContext) => boolean): Fault {
  return {
    request(req, ctx) {
      const value = req.param(name) ?? req.query.get(name) ?? undefined;
      if (value !== undefined && when(value, req, ctx)) return problem(req, 400, { [name]: ['refused by the mutant'] });
    },
  };
}

export const because = (name: string, prefix: string) => (_v: string, req: MutantRequest, ctx: FaultContext) =>
  invalidBecause(req, ctx, name)?.startsWith(prefix) === true;
const pad = (value: string, length: number) => value.padEnd(length, 'x');
const mailRule = `limits/admin-mail-max-${adminMail.maxLength}`;
const sidRule = `limits/sid-length-${sid.minLength}-${sid.maxLength}`;

export const LIMIT_MUTANTS: Mutant[] = [
  {
    name: 'admin-mail-accepts-51',
    statement: 'limits/admin-mail',
    breaks: `${mailRule}/past-limit-rejected`,
    // The long address is read as its last 50 characters: an agency nobody has.
    fault: rewrite('adminMail', because('adminMail', 'longer than'), (v) => v.slice(v.length - adminMail.maxLength)),
  },
  {
    name: 'admin-mail-rejects-50',
    statement: 'endpoints/agencias-get/admin-mail',
    breaks: `${mailRule}/at-limit-accepted`,
    fault: refuse('adminMail', (v) => v.length === adminMail.maxLength),
  },
  {
    name: 'admin-mail-accepts-non-email',
    statement: 'endpoints/admin-mail-is-email',
    breaks: 'limits/admin-mail-email-format/non-email-rejected',
    fault: rewrite('adminMail', because('adminMail', 'not an e-mail'), () => 'nobody@mutant.example'),
  },
  {
    name: 'topic-accepts-81',
    statement: 'limits/topic',
    breaks: `limits/topic-max-${topic.maxLength}/past-limit-rejected`,
    fault: rewrite(
      'topic',
      (v) => v.length > topic.maxLength,
      (v) => v.slice(0, topic.maxLength),
    ),
  },
  {
    name: 'topic-rejects-80',
    statement: 'endpoints/topic-limits',
    breaks: `limits/topic-max-${topic.maxLength}/at-limit-accepted`,
    fault: refuse('topic', (v) => v.length === topic.maxLength),
  },
  {
    name: 'sid-accepts-19',
    statement: 'limits/sid',
    breaks: `${sidRule}/below-min-rejected`,
    fault: rewrite(
      'sid',
      (v) => v.length < sid.minLength,
      (v) => pad(v, sid.minLength),
    ),
  },
  {
    name: 'sid-rejects-20',
    statement: 'endpoints/consultas-get/sid',
    breaks: `${sidRule}/min-accepted`,
    fault: refuse('sid', (v) => v.length === sid.minLength),
  },
  {
    name: 'sid-rejects-30',
    statement: 'endpoints/consultas-get/sid',
    breaks: `${sidRule}/max-accepted`,
    fault: refuse('sid', (v) => v.length === sid.maxLength),
  },
  {
    name: 'sid-accepts-31',
    statement: 'limits/sid',
    breaks: `${sidRule}/above-max-rejected`,
    fault: rewrite(
      'sid',
      (v) => v.length > sid.maxLength,
      (v) => v.slice(0, sid.maxLength),
    ),
  },
  {
    name: 'pagina-accepts-100',
    statement: 'limits/pagina',
    breaks: `limits/pagina-max-${pagina.maximum}/past-limit-rejected`,
    fault: rewrite(
      'pagina',
      (v) => /^\d+$/.test(v) && Number(v) > pagina.maximum,
      () => String(pagina.maximum),
    ),
  },
  {
    name: 'pagina-rejects-99',
    statement: 'endpoints/consultas-list/pagina',
    breaks: `limits/pagina-max-${pagina.maximum}/at-limit-accepted`,
    fault: refuse('pagina', (v) => v === String(pagina.maximum)),
  },
  {
    name: 'desde-accepts-91-days-ago',
    statement: 'limits/desde',
    breaks: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/past-limit-rejected`,
    fault: rewrite('desde', because('desde', 'earlier than'), () => ''),
  },
  {
    name: 'desde-rejects-90-days-ago',
    statement: 'endpoints/consultas-list/desde',
    breaks: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/at-limit-accepted`,
    fault: refuse('desde', (v, _req, ctx) => v === addDays(today(ctx), -desde.minDaysBeforeToday)),
  },
  {
    name: 'catalog-id-beyond-int32-400',
    statement: 'endpoints/carrocerias-get/id',
    breaks: 'limits/int32/path-id-beyond-not-found',
    // Those rows document no 400.
    also: ['status/carrocerias-get/documented-only', 'status/ciudades-get/documented-only', 'status/colores-get/documented-only'],
    fault: refuse('id', because('id', 'outside int32')),
  },
  {
    name: 'region-beyond-int32-accepted',
    statement: 'endpoints/ciudades-list/region',
    breaks: 'limits/int32/region-beyond-rejected',
    // Read as a region that has no cities: 200 with an empty list.
    fault: rewrite('region', because('region', 'outside int32'), () => '0'),
  },
];
