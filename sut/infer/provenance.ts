import { createHash } from 'node:crypto';
import { canonicalJson } from '../../models/index.ts';
import type { DraftProfile } from '../profile.ts';
import { valueAt, type Finding } from './probe.ts';

// Which profile values were inferred, and whether a probe verified them (issue 21): `init` records them in the
// profile under `$inferred` (key → "verified <fingerprint>" or "unverified <fingerprint>", of the value it wrote); `run` reads the marks that still
// hold — a value the user has since changed no longer matches its fingerprint, so it counts as theirs — and adds
// the keys it inferred itself. A failed check that read one of them says so ("inferred by init: check …").

/** One inferred profile key and who inferred it. */
export interface Provenance {
  key: string;
  by: 'init' | 'run';
  verified: boolean;
}

export type InferredMarks = NonNullable<DraftProfile['$inferred']>;

/**
 * A short fingerprint of a value, secrets masked: it tells a value init wrote from one changed since, and says
 * nothing about a secret the value holds (resolved at run time, a `${ENV}` reference in the file).
 */
export function fingerprint(value: unknown, secrets: readonly string[]): string {
  const masked = secrets
    .filter((s) => s.length > 0)
    .reduce((text, secret) => text.split(JSON.stringify(secret).slice(1, -1)).join('<secret>'), canonicalJson(value ?? null));
  return createHash('sha256').update(masked).digest('hex').slice(0, 12);
}

/** Catalog keys are read field by field (catalogKeys.marcas.codename): their marks are per field. */
const perField = (key: string): boolean => key.startsWith('catalogKeys.');

/** The dotted keys a finding's value is marked under, with the value at each. */
function markedKeys(f: Finding): [string, unknown][] {
  if (perField(f.key) && f.value !== null && typeof f.value === 'object')
    return Object.entries(f.value as Record<string, unknown>).map(([field, v]) => [`${f.key}.${field}`, v]);
  return [[f.key, f.value]];
}

/** Whether a dotted key is unverified by the finding's marks (itself, or a key above it). */
function isUnverified(f: Finding, key: string): boolean {
  return Object.keys(f.unverified ?? {}).some((k) => key === k || key.startsWith(`${k}.`));
}

/** The `$inferred` marks of what init found. */
export function inferredMarks(findings: readonly Finding[], secrets: readonly string[]): InferredMarks {
  const marks: InferredMarks = {};
  for (const f of findings) {
    if (f.how.startsWith('chosen')) continue;
    for (const [key, value] of markedKeys(f)) marks[key] = `${isUnverified(f, key) ? 'unverified' : 'verified'} ${fingerprint(value, secrets)}`;
  }
  return Object.fromEntries(Object.entries(marks).sort(([a], [b]) => a.localeCompare(b)));
}

/** What a profile's values owe to inference: init's marks that its values still match, then what the run inferred. */
export function provenanceOf(profile: DraftProfile, secrets: readonly string[], byRun: readonly Finding[] = []): Provenance[] {
  const byInit = Object.entries(profile.$inferred ?? {}).flatMap(([key, mark]) => {
    const [state, print] = mark.split(' ');
    return fingerprint(valueAt(profile, key), secrets) === print ? [{ key, by: 'init' as const, verified: state === 'verified' }] : [];
  });
  const ran = byRun.flatMap((f) => markedKeys(f).map(([key]) => ({ key, by: 'run' as const, verified: !isUnverified(f, key) })));
  return [...byInit, ...ran];
}

/** The inferred keys among those a check read (a read below an inferred key counts for it), unverified first. */
export function inferredAmong(read: Iterable<string>, provenance: readonly Provenance[]): Provenance[] {
  const keys = [...read];
  const hit = provenance.filter((p) => keys.some((k) => k === p.key || k.startsWith(`${p.key}.`)));
  return hit.sort((a, b) => Number(a.verified) - Number(b.verified));
}

/** " — inferred by init: check catalogKeys.marcas.codename (unverified)", for a failure message; '' when none. */
export function inferredNote(hits: readonly Provenance[]): string {
  if (hits.length === 0) return '';
  const by = (who: Provenance['by']) =>
    hits
      .filter((h) => h.by === who)
      .slice(0, 4)
      .map((h) => `${h.key}${h.verified ? '' : ' (unverified)'}`);
  const parts = [
    ...(by('init').length > 0 ? [`inferred by init: check ${by('init').join(', ')}`] : []),
    ...(by('run').length > 0 ? [`inferred by this run (not in the profile): check ${by('run').join(', ')}`] : []),
  ];
  return ` — ${parts.join('; ')}`;
}
