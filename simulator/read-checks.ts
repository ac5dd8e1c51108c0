import { LIMITS, listEntries } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import type { TargetClient } from '../sut/client.ts';
import { lastSegment } from '../sut/discovery.ts';
import { eachLimit } from './each-limit.ts';
import type { Ledger } from './ledger.ts';

// Step 3 of `simulate`, the reads: every injected inquiry appears in GET /v3/consultas/{adminMail} (walked in
// the reference form, the cheapest: "each list entry is only a link object", whose href's last segment is the
// sid) and in GET /v3/consultas/{adminMail}/{sid}, whose Consulta carries the injected inquiry.

export interface ListCheck {
  desde?: string;
  hasta?: string;
  total?: number;
  perPagina?: number;
  pages: number;
  /** Every page of the period was read (Total fits in the 99 pages pagina can reach, and no page failed). */
  complete: boolean;
  /** Injected inquiries found in the list. */
  listed: number;
  error?: string;
}

export const READ_CONCURRENCY = 16;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

export async function checkListed(client: TargetClient, agency: string, ledger: Ledger, period: { desde?: string; hasta?: string }): Promise<ListCheck> {
  const seen = new Uint8Array(ledger.count);
  const query: Record<string, string> = {};
  if (period.desde) query.desde = period.desde;
  if (period.hasta) query.hasta = period.hasta;
  const check: ListCheck = { ...period, pages: 0, complete: false, listed: 0 };
  let last = 1;
  for (let pagina = LIMITS.pagina.first; pagina <= last; pagina++) {
    // The first page is asked without pagina, as a client would.
    const pageQuery = pagina === LIMITS.pagina.first ? query : { ...query, pagina: String(pagina) };
    const res = await callEndpoint(client, 'consultas-list', { params: { adminMail: agency }, query: pageQuery, form: 'ref' });
    const envelope = res.json as { Total?: unknown; PerPagina?: unknown } | undefined;
    const entries = listEntries(res.json);
    if (res.status !== 200 || !entries) {
      check.error = `GET ${res.exchange.url} answered ${res.status ?? res.error?.code}${entries ? '' : ' without a list of entries'}`;
      break;
    }
    check.pages++;
    if (pagina === LIMITS.pagina.first) {
      if (!isInt(envelope?.Total) || !isInt(envelope?.PerPagina) || envelope.PerPagina <= 0) {
        check.error = `GET ${res.exchange.url} gave no integer Total and PerPagina`;
        break;
      }
      check.total = envelope.Total;
      check.perPagina = envelope.PerPagina;
      last = Math.min(Math.max(1, Math.ceil(envelope.Total / envelope.PerPagina)), LIMITS.pagina.maximum);
    }
    for (const entry of entries) {
      const href = (entry as { href?: unknown } | null)?.href;
      const index = typeof href === 'string' ? ledger.indexOfSid(lastSegment(href)) : undefined;
      if (index !== undefined && index < seen.length) seen[index] = 1;
    }
  }
  const fits = check.total !== undefined && check.perPagina !== undefined && check.total <= check.perPagina * LIMITS.pagina.maximum;
  check.complete = check.error === undefined && fits;
  for (let i = 0; i < seen.length; i++) {
    const sid = ledger.sidOf(i);
    if (sid === undefined) continue;
    if (seen[i]) check.listed++;
    // An incomplete walk (over 99 pages) cannot say an inquiry is absent; a failed one can, and says why.
    else if (check.complete || check.error !== undefined) {
      const where = `GET /v3/consultas/{adminMail}${check.desde ? ` from ${check.desde} to ${check.hasta}` : ''}`;
      ledger.problems.add({ kind: 'not-listed', phase: 'read', index: i, sid, detail: check.error ?? `absent from the ${check.pages} page(s) of ${where}` });
    }
  }
  return check;
}

/** GET by sid for every injected inquiry; returns how many were found and carried the injected inquiry. */
export async function checkBySid(client: TargetClient, agency: string, ledger: Ledger, signal?: AbortSignal): Promise<number> {
  let ok = 0;
  const bound = function* () {
    for (let i = 0; i < ledger.count; i++) if (ledger.sidOf(i) !== undefined) yield i;
  };
  await eachLimit(
    bound(),
    READ_CONCURRENCY,
    async (index) => {
      const sid = ledger.sidOf(index)!;
      const res = await callEndpoint(client, 'consultas-get', { params: { adminMail: agency, sid }, form: 'json' });
      if (res.status !== 200) {
        ledger.problems.add({
          kind: 'not-found-by-sid',
          phase: 'read',
          index,
          sid,
          detail: `GET ${res.exchange.url} answered ${res.status ?? res.error?.code}`,
        });
        return;
      }
      const problem = ledger.contentProblem(index, res.json, 'the Consulta read by sid');
      if (problem) ledger.problems.add({ kind: 'mismatched', phase: 'read', index, sid, detail: problem });
      else ok++;
    },
    signal,
  );
  return ok;
}
