import { empty } from '../../mutants/exchange.ts';
import { answers, requests } from '../../support/fault-shapes.ts';
import type { OutsiderFault } from './outsider.ts';
import { walk } from './walk.ts';

// Endpoints > Home: "200 EntryPoints (application/json, text/json, entry form); header ETag (string) | 304 (no body)".

const conditional = (headers: Record<string, string>): string | undefined => headers['if-none-match'];

export const HOME_FAULTS: OutsiderFault[] = [
  {
    name: 'home-without-etag',
    says: 'header ETag (string)',
    fault: answers(['home'], (_req, res) => void delete res.headers.etag),
  },
  {
    name: 'home-never-304',
    says: '304 (no body)',
    fault: requests(['home'], (req) => void delete req.headers['if-none-match']),
  },
  {
    name: 'home-304-for-any-validator',
    says: '304 | home document not modified',
    fault: requests(['home'], (req) => (conditional(req.headers) !== undefined ? empty(304) : undefined)),
  },
  {
    name: 'home-304-carries-the-document',
    says: '304 (no body)',
    fault: answers(['home'], async (req, res, ctx) => {
      if (res.status !== 304) return;
      res.body = (await ctx.upstream('GET', req.url)).body;
      res.bodyAnyway = true;
    }),
  },
  {
    name: 'home-labelled-hal-json',
    says: '200 EntryPoints (application/json, text/json, entry form)',
    fault: answers(['home'], (_req, res) => {
      if (res.status === 200) res.headers['content-type'] = 'application/hal+json';
    }),
  },
  {
    name: 'home-templates-not-marked-templated',
    says: 'templated | boolean | present and true when href is a URI template',
    fault: answers(['home'], (_req, res) => res.editJson((j) => walk(j, (k, v) => (k === 'templated' ? undefined : v)) as Record<string, unknown>)),
  },
];
