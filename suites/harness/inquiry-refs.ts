import { formOfContentType, listEntries, type Endpoint } from '../../models/index.ts';
import type { AppName } from '../../sut/profile.ts';
import type { SendRequest, TargetResponse } from '../../sut/client.ts';

// Resources and their fields > Conventions: the reference form is "each list entry is only a link object with href
// and title"; Consulta: "in the reference form, a Consulta is represented by a link object whose title combines the
// buyer e-mail, vehicle make and model, and the external identifier"; Link object: title is "a short human label for
// the target". So an inquiry's reference form links to that inquiry: its href is the inquiry's URI, and what it
// leads to is the Consulta its title labels. Every inquiry reference form the run hears (run-ledger.ts) is kept
// here — each entry of a reference-form list, and the link GET by sid answers — to be followed at the end
// (consultas/ref/links-to-inquiry).

export const INQUIRY_REF_RULE = 'consultas/ref/links-to-inquiry';

/** Distinct links kept (each is followed once at the end): of the lists, a few of each page, so pages, agencies and apps all count. */
const KEEP_LIST_LINKS = 40;
const KEEP_GET_LINKS = 20;
/** Of one page: its first, middle and last entries. */
const pageSample = <T>(entries: readonly T[]): T[] =>
  [...new Set([0, entries.length >> 1, entries.length - 1])].flatMap((i) => (i >= 0 && i < entries.length ? [entries[i]!] : []));

export interface InquiryRef {
  href: string;
  title: unknown;
  app: AppName;
  /** The answer that carried it (its URL resolves the href). */
  res: TargetResponse;
  /** For GET by sid: the request's own path, the inquiry the link must lead to. */
  ownPath?: string;
}

export class InquiryRefs {
  readonly list: InquiryRef[] = [];
  readonly get: InquiryRef[] = [];
  private readonly seen = new Set<string>();

  hear(req: SendRequest, res: TargetResponse, e: Endpoint | undefined): void {
    if (req.app === null || res.status !== 200 || res.error || formOfContentType(res.headers['content-type']) !== 'ref') return;
    if (e?.id !== 'consultas-list' && e?.id !== 'consultas-get') return;
    const app = req.app ?? 'primary';
    const links = e.id === 'consultas-get' ? [res.json] : pageSample(listEntries(res.json) ?? []);
    for (const link of links) {
      const { href, title } = (link ?? {}) as { href?: unknown; title?: unknown };
      if (typeof href !== 'string' || !URL.canParse(href, res.exchange.url)) continue;
      const key = JSON.stringify([app, new URL(href, res.exchange.url).href, e.id === 'consultas-get' ? req.path : '']);
      if (this.seen.has(key)) continue;
      const kept = e.id === 'consultas-get' ? this.get : this.list;
      if (kept.length >= (e.id === 'consultas-get' ? KEEP_GET_LINKS : KEEP_LIST_LINKS)) continue;
      this.seen.add(key);
      kept.push({ href, title, app, res, ...(e.id === 'consultas-get' ? { ownPath: req.path } : {}) });
    }
  }
}
