import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { unknownMembers, type Strictness } from '../../../models/index.ts';
import { getAt, removeAt, renameAt, setAt, wrongCase } from './fixtures.ts';
import { TABLES, type FieldType, type Table, type TableName } from './spec-tables.ts';

// Turns the transcribed spec tables into malformed samples: for every member of every object a model
// holds, the mutations the issue names (wrong case, missing, null, wrong type, date-time without offset)
// and an unknown member, each with the answer the spec implies in loose and in strict mode.

export const MODES = ['loose', 'strict'] as const satisfies readonly Strictness[];

export interface Case {
  label: string;
  sample: unknown;
  accepts: Record<Strictness, boolean>;
  /** A member a strict parse must report through unknownMembers(). */
  unknown?: string;
}

/** Where each spec table sits in a fixture (dotted path, '' for the root). */
export type Layout = Array<[path: string, table: TableName]>;

const NO_OFFSET = '2026-01-01T10:00:00';

/** Values of the wrong type for each spec type; null and absence are separate mutations. */
const WRONG_TYPE: Record<FieldType, unknown[]> = {
  string: [42, true, {}, []],
  'string|null': [42, false],
  integer: ['7', 7.5, true],
  'integer|null': ['2020', 2020.5],
  number: ['7', true],
  boolean: ['true', 1],
  'boolean|null': ['true', 1],
  'date-time': [NO_OFFSET, '2026-01-01', '2026-01-01 10:00:00Z', 1767261600000],
  email: ['not-an-email', '', 42],
  uri: ['not a uri', '', 42],
  object: ['x', 42, []],
  'object|null': ['x', []],
  links: ['x', [], { self: 'x' }, { self: null }, { self: {} }],
  'messages-map': ['x', [], { AdminMail: 'one message, not an array' }, { AdminMail: [42] }],
  map: ['x', []],
  array: ['x', {}, [42]],
  nullable: [],
};

/** "nullable": any JSON value at all. */
const ANY_JSON: unknown[] = [0, -1.5, '', 'x', true, [], [1, 'a', null], {}, { Deep: { List: [1, null] } }];

const acceptsNull = (t: FieldType) => t === 'nullable' || t.endsWith('|null');
const both = (value: boolean): Record<Strictness, boolean> => ({ loose: value, strict: value });
const describeValue = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v));
const join = (path: string, member: string) => (path ? `${path}.${member}` : member);

function unknownMemberAccepts(table: Table): Record<Strictness, boolean> {
  if (table.open) return both(true);
  if (table.closed) return both(false);
  return { loose: true, strict: false };
}

export function casesFor(fixture: unknown, layout: Layout): Case[] {
  return layout.flatMap(([path, name]) => {
    const table: Table = TABLES[name];
    const extra = unknownMemberAccepts(table);
    const reportsUnknown = !table.open;
    const memberCases = Object.entries(table.fields).flatMap(([member, field]): Case[] => {
      const where = join(path, member);
      const renamed = wrongCase(member);
      const typed = (value: unknown, accepted: boolean): Case => ({
        label: `${where} = ${describeValue(value)}`,
        sample: setAt(fixture, path, member, value),
        accepts: both(accepted),
      });
      return [
        {
          label: `${where} spelled ${renamed}`,
          sample: renameAt(fixture, path, member, renamed),
          // A required member spelled wrong is missing; an optional one is just an unknown member.
          accepts: field.optional ? extra : both(false),
          ...(reportsUnknown ? { unknown: join(path, renamed) } : {}),
        },
        { label: `${where} missing`, sample: removeAt(fixture, path, member), accepts: both(field.optional === true) },
        typed(null, acceptsNull(field.type)),
        ...WRONG_TYPE[field.type].map((v) => typed(v, false)),
        ...(field.type === 'nullable' ? ANY_JSON.map((v) => typed(v, true)) : []),
      ];
    });
    const unknownCase: Case = {
      label: `${join(path, 'Extra')} added`,
      sample: setAt(fixture, path, 'Extra', 'not in the spec'),
      accepts: extra,
      ...(reportsUnknown ? { unknown: join(path, 'Extra') } : {}),
    };
    return [...memberCases, unknownCase];
  });
}

/** The fixture with every member whose type admits null set to null (deepest objects first). */
export function allNullable(fixture: unknown, layout: Layout): unknown {
  return [...layout].reverse().reduce<unknown>((sample, [path, name]) => {
    if (getAt(sample, path) === null) return sample;
    const table: Table = TABLES[name];
    return Object.entries(table.fields)
      .filter(([, field]) => acceptsNull(field.type))
      .reduce((s, [member]) => setAt(s, path, member, null), sample);
  }, fixture);
}

/** The part of a layout under `root`, re-rooted there (e.g. the Auto tables of a Consulta layout). */
export const subLayout = (layout: Layout, root: string): Layout =>
  layout.filter(([path]) => path === root || path.startsWith(`${root}.`)).map(([path, name]) => [path.slice(root.length).replace(/^\./, ''), name]);

export interface ModelUnderTest {
  name: string;
  schema: (mode: Strictness) => z.ZodType;
  fixture: unknown;
  layout: Layout;
}

/** The generated suite of one model: its well-formed samples and every generated malformed one. */
export function describeModel({ name, schema, fixture, layout }: ModelUnderTest): void {
  describe(name, () => {
    const schemas = { loose: schema('loose'), strict: schema('strict') };

    it.each(MODES)('parses the valid fixture (%s)', (mode) => {
      expect(schemas[mode].safeParse(fixture).error?.issues).toBeUndefined();
    });

    it.each(MODES)('parses the fixture with every nullable member null (%s)', (mode) => {
      expect(schemas[mode].safeParse(allNullable(fixture, layout)).error?.issues).toBeUndefined();
    });

    // One test per mutation asserting both modes at once: a failure shows { loose, strict } side by side.
    it.each(casesFor(fixture, layout).map((c) => [c.label, c] as const))('%s', (_, { sample, accepts, unknown }) => {
      expect({ loose: schemas.loose.safeParse(sample).success, strict: schemas.strict.safeParse(sample).success }).toEqual(accepts);
      if (unknown) expect(unknownMembers(schemas.strict, sample)).toContain(unknown);
    });
  });
}
