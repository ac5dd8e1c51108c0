import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasRule, isEnforced, RULES, rulesOfStatement, statementById, STATEMENTS, type Statement } from '../../models/index.ts';

// Issue 12 §1: the statement table covers the seed, quotes it word for word, and ties every statement to the
// rules that check it (or says why none can), and every must/profile rule to a statement.

const SPEC_FILE = fileURLToPath(new URL('../../spec/partner-api-v3.txt', import.meta.url));
const SEED_FILE = fileURLToPath(new URL('../../../shared/seeds/000_9c992c97dd55122a.txt', import.meta.url));
const SPEC = readFileSync(SPEC_FILE, 'utf8');

/** The text under a heading path (`Endpoints > Agencias`): from the heading to the next of the same or a higher level. */
function sectionText(section: string): string | undefined {
  const lines = SPEC.split('\n');
  let from = 0;
  let level = 0;
  for (const title of section.split(' > ')) {
    const at = lines.findIndex((l, i) => i >= from && /^#+ /.test(l) && l.replace(/^#+ /, '') === title && l.indexOf(' ') > level);
    if (at < 0) return undefined;
    from = at + 1;
    level = lines[at]!.indexOf(' ');
  }
  const end = lines.findIndex((l, i) => i >= from && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(from, end < 0 ? undefined : end).join('\n');
}

/** Where a statement's quote must be found: its table row, else its section. */
function placeOf(s: Statement): string | undefined {
  const text = sectionText(s.section);
  if (text === undefined || s.row === undefined) return text;
  return text.split('\n').find((l) => l.startsWith(s.row!));
}

describe('the spec the statements quote', () => {
  it('is the seed, word for word (spec/partner-api-v3.txt is a copy of ../shared/seeds)', () => {
    if (!existsSync(SEED_FILE)) return;
    expect(SPEC).toBe(readFileSync(SEED_FILE, 'utf8'));
  });
});

describe('the statement table', () => {
  it('has unique, kebab-case ids of the form area/name', () => {
    const ids = STATEMENTS.map((s) => s.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/);
  });

  it.each(STATEMENTS.map((s) => [s.id, s] as const))('%s quotes the spec verbatim, in its section and row', (_id, s) => {
    const place = placeOf(s);
    expect(place, `section "${s.section}"${s.row ? `, row "${s.row}"` : ''}`).toBeDefined();
    expect(place).toContain(s.quote);
  });

  it('gives every statement rules, or a reason, or the statements that restate it — never both rules and a reason', () => {
    const bare = STATEMENTS.filter((s) => s.rules.length === 0 && !s.reason && !s.restatedBy?.length).map((s) => s.id);
    expect(bare).toEqual([]);
    const both = STATEMENTS.filter((s) => s.rules.length > 0 && (s.reason || s.restatedBy)).map((s) => s.id);
    expect(both).toEqual([]);
  });

  it('names only rules that exist (every reference matches a rule of the catalog)', () => {
    const dangling = STATEMENTS.flatMap((s) => s.rules.filter((ref) => rulesOfStatement({ ...s, rules: [ref] }).length === 0).map((ref) => `${s.id} → ${ref}`));
    expect(dangling).toEqual([]);
  });

  it('restates only statements that exist and are checked', () => {
    const wrong = STATEMENTS.flatMap((s) =>
      (s.restatedBy ?? []).filter((id) => !statementById(id) || !isEnforced(statementById(id)!)).map((id) => `${s.id} → ${id}`),
    );
    expect(wrong).toEqual([]);
  });

  it('ties every must and profile rule to at least one statement', () => {
    const untied = RULES.filter((r) => r.level !== 'observe' && !STATEMENTS.some((s) => rulesOfStatement(s).includes(r.id))).map((r) => r.id);
    expect(untied).toEqual([]);
  });

  it('covers every section of the spec that has normative text', () => {
    const headings = SPEC.split('\n')
      .filter((l) => /^#{2,3} /.test(l))
      .map((l) => l.replace(/^#+ /, ''));
    const covered = new Set(STATEMENTS.flatMap((s) => s.section.split(' > ')));
    const bare = headings.filter((h) => !covered.has(h));
    expect(bare).toEqual([]);
  });

  it('resolves rule references only to ids the catalog has', () => {
    for (const s of STATEMENTS) for (const id of rulesOfStatement(s)) expect(hasRule(id)).toBe(true);
  });
});
