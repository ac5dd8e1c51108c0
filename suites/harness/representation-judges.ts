import { consulta, consultaPage, formOfContentType, listEntries, parseOffsetDateTime, type Endpoint } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { memberPath, type Departure } from '../../sut/departure.ts';
import { linksIn, membersNamed, timestampLike } from './json-walk.ts';
import { missingMembers } from './presence.ts';

// Conventions, judged on every success answer the run hears (run-ledger.ts), not on the examples a check chose:
// every page of every inquiry list, every record read by any check, set-up or model run. The rule's own check
// (suites/conventions/heard-checks.ts) reports what the ledger found, with the answers it sends itself.

export interface RepresentationJudge {
  ruleId: string;
  /**
   * What is wrong with a success answer of row `e`, or undefined; `judged` is how many instances it held.
   * `basePath` is the path of the base address ('' at the root).
   */
  issue(res: TargetResponse, e: Endpoint, basePath: string): { judged: number; issue?: string; departure?: Departure };
}

/** Conventions: "Timestamps are ISO 8601 date-times with a UTC offset" — the inquiry payloads' Momento, Desde, Hasta. */
const TIMESTAMPS = ['Momento', 'Desde', 'Hasta'];
const INQUIRY_ENDPOINTS = ['consultas-list', 'consultas-get'];

/** A path's first segment is v3: `/v3` itself or below it. */
const underV3 = (path: string): boolean => /^\/v3(\/|$)/.test(path);

/**
 * Versioning: "it is the first path segment of every path". A link's href is a relative URI: resolved against the
 * request it came with (RFC 3986 section 5), its path below the base address starts with /v3; an href that is an
 * absolute path relative to the base address ("All paths below are relative to it") is taken as written too. A
 * URI template is judged by the part before its first placeholder.
 */
function linkOutsideV3(href: string, requestUrl: string, basePath: string): boolean {
  const literal = href.split('{')[0]!;
  if (literal === '') return false;
  let resolved: string;
  try {
    resolved = new URL(literal, requestUrl).pathname;
  } catch {
    return false;
  }
  const base = basePath.replace(/\/+$/, '');
  const below = base && resolved.startsWith(`${base}/`) ? resolved.slice(base.length) : resolved;
  return !underV3(below) && !underV3(literal.split(/[?#]/)[0]!) && !underV3(resolved);
}

/** A walked member's path (`Items.3.Momento`, `Items[2].Href`) as a departure's subject: list entries as `[]`. */
const pathKey = (path: string): string =>
  memberPath(
    path
      .replace(/^entry (\d+)/, '$1')
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .filter(Boolean),
  );

/** The Consulta and paged list tables list every member, so only their full forms show a member omitted. */
const FULL_MODELS: Record<string, ReturnType<typeof consulta> | ReturnType<typeof consultaPage>> = {
  'consultas-list': consultaPage('loose'),
  'consultas-get': consulta('loose'),
};

export const REPRESENTATION_JUDGES: readonly RepresentationJudge[] = [
  {
    ruleId: 'conventions/datetime-offset',
    issue(res, e) {
      // The spec's own date-times by name, and any value shaped like a timestamp in the representations whose
      // fields are not shown: the Conventions sentence holds for every one.
      const named = INQUIRY_ENDPOINTS.includes(e.id) ? membersNamed(res.json, TIMESTAMPS) : [];
      const found = [...named, ...timestampLike(res.json)];
      const bad = found.find(({ value }) => typeof value !== 'string' || parseOffsetDateTime(value) === undefined);
      return {
        judged: found.length,
        ...(bad
          ? {
              issue: `${bad.path} an ISO 8601 date-time with a UTC offset, got ${JSON.stringify(bad.value)}`,
              departure: { kind: 'member-value', subject: pathKey(bad.path), value: 'no ISO 8601 date-time with offset' },
            }
          : {}),
      };
    },
  },
  {
    // Conventions: "A field that has no value is sent as null" — on every full-form inquiry and page heard.
    ruleId: 'conventions/null-not-omitted',
    issue(res, e) {
      const model = FULL_MODELS[e.id];
      if (!model || formOfContentType(res.headers['content-type']) === 'ref') return { judged: 0 };
      const missing = missingMembers(model, res.json);
      return {
        judged: 1,
        ...(missing.length > 0
          ? {
              issue: `every documented member present (null when it has no value); missing ${missing.slice(0, 5).join(', ')}`,
              departure: { kind: 'member-missing', subject: pathKey(missing[0]!) },
            }
          : {}),
      };
    },
  },
  {
    // Link object: title "present in reference-form entries; a short human label for the target" — a label, so
    // a string with something in it, on every entry of every reference-form answer the run heard: after every
    // write as before (issue 28 §2). A single resource's reference form is a link object only for a Consulta.
    ruleId: 'conventions/ref-title-non-empty',
    issue(res, e) {
      if (formOfContentType(res.headers['content-type']) !== 'ref') return { judged: 0 };
      const entries = listEntries(res.json) ?? (e.id === 'consultas-get' ? [res.json] : []);
      const bad = entries.findIndex((entry) => {
        const title = (entry as { title?: unknown } | null)?.title;
        return typeof title !== 'string' || title.trim() === '';
      });
      const title = bad < 0 ? undefined : (entries[bad] as { title?: unknown } | null)?.title;
      return {
        judged: entries.length,
        ...(bad >= 0
          ? { issue: `every reference-form entry's title a non-empty string (a short human label), but entry ${bad}'s is ${JSON.stringify(title)}` }
          : {}),
      };
    },
  },
  {
    ruleId: 'versioning/links-under-v3',
    issue(res, _e, basePath) {
      const links = linksIn(res.json, formOfContentType(res.headers['content-type']) === 'ref');
      const hrefs = links.filter(({ value }) => typeof (value as { href?: unknown } | null)?.href === 'string');
      const off = hrefs.find(({ value }) => linkOutsideV3((value as { href: string }).href, res.exchange.url, basePath));
      return {
        judged: hrefs.length,
        ...(off
          ? {
              issue: `${off.path} a link to a path under /v3 (its first path segment), got ${JSON.stringify((off.value as { href: string }).href)}`,
              departure: { kind: 'member-value', subject: `${pathKey(off.path)}.href`, value: 'outside /v3' },
            }
          : {}),
      };
    },
  },
];
