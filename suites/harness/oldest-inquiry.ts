import { LIMITS, addDays, listEntries, parseOffsetDateTime } from '../../models/index.ts';
import { lastSegment } from '../../sut/discovery.ts';
import type { Check } from './check.ts';

// The oldest inquiry an agency's list reaches: the period starts at the earliest desde the Limits allow
// (today minus 90 days), and the order of the list is not shown, so the first and the last page are read.
// The reference form gives each entry's sid; the full form on the same page gives its Momento.

export interface OldInquiry {
  sid: string;
  momento: string;
  epochMs: number;
}

async function page(c: Check, adminMail: string, desde: string | undefined, pagina: number) {
  const query = { ...(desde ? { desde } : {}), pagina };
  const [full, ref] = [
    await c.send('consultas-list', { params: { adminMail }, query, form: 'json' }),
    await c.send('consultas-list', { params: { adminMail }, query, form: 'ref' }),
  ];
  return { full, ref };
}

export async function oldestInquiry(c: Check, adminMail: string): Promise<OldInquiry | undefined> {
  let desde: string | undefined = addDays(c.ctx.today, -LIMITS.desde.minDaysBeforeToday);
  let first = await page(c, adminMail, desde, 1);
  if (first.full.status !== 200) {
    desde = undefined;
    first = await page(c, adminMail, desde, 1);
  }
  const envelope = first.full.json as { Total?: unknown; PerPagina?: unknown } | undefined;
  const total = typeof envelope?.Total === 'number' ? envelope.Total : 0;
  const perPagina = typeof envelope?.PerPagina === 'number' && envelope.PerPagina > 0 ? envelope.PerPagina : 1;
  const last = Math.min(LIMITS.pagina.maximum, Math.max(1, Math.ceil(total / perPagina)));
  const pages = last > 1 ? [first, await page(c, adminMail, desde, last)] : [first];
  let oldest: OldInquiry | undefined;
  for (const { full, ref } of pages) {
    const entries = listEntries(full.json) ?? [];
    const links = listEntries(ref.json) ?? [];
    entries.forEach((entry, i) => {
      const momento = (entry as { Momento?: unknown } | null)?.Momento;
      const href = (links[i] as { href?: unknown } | null | undefined)?.href;
      const at = typeof momento === 'string' ? parseOffsetDateTime(momento) : undefined;
      if (!at || typeof href !== 'string') return;
      if (!oldest || at.epochMs < oldest.epochMs) oldest = { sid: lastSegment(href), momento: momento as string, epochMs: at.epochMs };
    });
  }
  return oldest;
}
