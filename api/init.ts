import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { noteOf } from '../reports/inferred.ts';
import type { Finding, Hint } from '../sut/infer/probe.ts';
import { inferredMarks } from '../sut/infer/provenance.ts';
import { profileFileSchema, type DraftProfile } from '../sut/profile.ts';
import { settledTemp, tempPathFor } from '../support/atomic-write.ts';

// `init` below the CLI: the draft profile file built from what inference told (api/infer-target.ts).

const SCHEMA_FILE = fileURLToPath(new URL('../sut/profile.schema.json', import.meta.url));

type Apps = DraftProfile['apps'];

/** Order of the keys in the file: as docs/profile.md's table lists them. */
const KEY_ORDER = [
  'conditionalRequestHeader',
  'mediaTypeSelection',
  'topics',
  'templates',
  'simulationHooks',
  'fixtures',
  'invitationDomain',
  'resendMaxAgeDays',
  'inquiryPageSize',
  'timeZone',
  'today',
  'catalogKeys',
  'invitationState',
  'webhooks',
];

/** Every string equal to `from` replaced by `to` (a resolved secret put back as its `${ENV}` reference). */
export function replaceStrings(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, from, to)]));
  return value;
}

/** The draft profile file: credentials as written, the inferred keys, and a note per key in $comment. */
export function draftFile(o: {
  baseUrl: string;
  out: string;
  apps: Apps;
  known: DraftProfile;
  found: readonly Finding[];
  hints: readonly Hint[];
  /** Resolved secrets: masked in the fingerprints of $inferred. */
  secrets: readonly string[];
}): Record<string, unknown> {
  const comments: Record<string, string> = {};
  for (const f of o.found) {
    comments[f.key] = noteOf(f);
    // A part of a value no probe verified has a note of its own, where a user reading the file looks for it.
    for (const [key, why] of Object.entries(f.unverified ?? {})) if (key !== f.key) comments[key] = `UNVERIFIED: ${why}`;
  }
  for (const h of o.hints) comments[h.key] = `not inferred: ${h.hint}`;
  const known = o.known as Record<string, unknown>;
  const schema = path
    .relative(path.dirname(path.resolve(o.out)), SCHEMA_FILE)
    .split(path.sep)
    .join('/');
  return {
    $schema: schema,
    description: `Drafted by vmp-conformance init from ${o.baseUrl} on ${new Date().toISOString().slice(0, 10)}: check the values $comment marks (UNVERIFIED first), fill in those it could not infer.`,
    $comment: Object.fromEntries(Object.entries(comments).sort(([a], [b]) => a.localeCompare(b))),
    $inferred: inferredMarks(o.found, o.secrets),
    apps: o.apps,
    ...Object.fromEntries(KEY_ORDER.filter((k) => known[k] !== undefined).map((k) => [k, known[k]])),
  };
}

/**
 * Writes a drafted profile, checked against the schema it names, under a temporary name renamed into place. It
 * holds the credentials init was given (as written, or as `${ENV}` references): readable by its owner only.
 */
export async function writeDraftProfile(file: string, profile: Record<string, unknown>): Promise<void> {
  const checked = profileFileSchema.safeParse(profile);
  if (!checked.success) throw new Error(`init drafted a profile its own schema refuses (${checked.error.issues[0]?.path.join('.')}): a bug`);
  const temp = tempPathFor(file);
  try {
    await writeFile(temp, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
    settledTemp(temp);
  }
}
