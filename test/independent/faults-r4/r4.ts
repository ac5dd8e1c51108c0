import type { Mutant } from '../../mutants/fault.ts';
import type { MutantRequest, MutantResponse } from '../../mutants/exchange.ts';
import { asMutant, type R3Area, type R3Fault } from '../faults-r3/r3.ts';

// Round 4's outsider gallery reuses round 3's shape (R3Fault: name, says, why, kind, fault, witness) and its
// witness client; only the statement it is filed under differs, so that a score reads per round.

export type R4Area = R3Area;
export type R4Fault = R3Fault;

export const asR4Mutant = (area: R4Area, f: R4Fault): Mutant => ({ ...asMutant(area, f), statement: `outsider-r4/${area}` });

/** Every link object (an object with a string href) in a JSON value, depth first. */
export function linksIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(linksIn);
  if (value === null || typeof value !== 'object') return [];
  const own = typeof (value as { href?: unknown }).href === 'string' ? [value as Record<string, unknown>] : [];
  return [...own, ...Object.values(value).flatMap(linksIn)];
}

/** The media type the answer was sent as, without parameters. */
export const formOf = (res: MutantResponse): string => res.contentType;

/** The decoded adminMail of a request, or ''. */
export const mailOf = (req: MutantRequest): string => req.param('adminMail') ?? '';

type Envelope = { _entries?: Record<string, unknown>[]; Total?: number; [k: string]: unknown };

/** Drops the inquiry-list entries `drop` selects from a 200 answer, keeping Total true to what is left. */
export function dropEntries(res: MutantResponse, drop: (entry: Record<string, unknown>) => boolean): void {
  if (res.status !== 200) return;
  res.editJson<Envelope>((body) => {
    const before = body._entries ?? [];
    const kept = before.filter((e) => !drop(e));
    body._entries = kept;
    if (typeof body.Total === 'number') body.Total -= before.length - kept.length;
  });
}
