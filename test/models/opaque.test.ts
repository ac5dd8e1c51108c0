import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agenciaCreate, listEntries, listOf, opaqueList, opaqueResource, refList } from '../../models/index.ts';
import { describeModel } from './support/cases.ts';
import { AGENCIA_CREATE, REF_LINK } from './support/fixtures.ts';

// Resources and their fields > Other resources: fields "not shown", so the models require nothing invented.

describeModel({ name: 'agenciaCreate', schema: () => agenciaCreate(), fixture: AGENCIA_CREATE, layout: [['', 'AgenciaCreate']] });

describe('agenciaCreate specifics', () => {
  it('keeps the members the spec does not show', () => {
    expect(agenciaCreate().parse({ ...AGENCIA_CREATE, RazonSocial: 'Agencia Sur' })).toEqual({ ...AGENCIA_CREATE, RazonSocial: 'Agencia Sur' });
  });
});

const OBJECTS: Array<[string, unknown, boolean]> = [
  ['an empty object', {}, true],
  ['any members', { Id: 7, Nombre: 'Sedán', _links: { self: { href: '/v3/carrocerias/7' } } }, true],
  ['null', null, false],
  ['an array', [{}], false],
  ['a string', 'Sedán', false],
  ['a number', 7, false],
];

describe('opaqueResource', () => {
  it.each(OBJECTS)('%s → accepted %s', (_, sample, accepted) => {
    expect(opaqueResource().safeParse(sample).success).toBe(accepted);
  });
});

/** "list of X": its shape is not shown, so a bare array and an `_entries` envelope are both lists. */
const LISTS: Array<[string, unknown, { opaque: boolean; ref: boolean }]> = [
  ['an empty array', [], { opaque: true, ref: true }],
  ['an empty envelope', { _entries: [] }, { opaque: true, ref: true }],
  ['an array of objects', [{ Id: 1 }], { opaque: true, ref: false }],
  ['an array of ref links', [REF_LINK], { opaque: true, ref: true }],
  ['an envelope of ref links with more members', { _entries: [REF_LINK], Total: 1, _links: {} }, { opaque: true, ref: true }],
  ['ref links with an extra member', [{ ...REF_LINK, Id: 1 }], { opaque: true, ref: false }],
  ['ref links without title', [{ href: REF_LINK.href }], { opaque: true, ref: false }],
  ['an array of strings', ['Sedán'], { opaque: false, ref: false }],
  ['an object without _entries', { items: [] }, { opaque: false, ref: false }],
  ['_entries not an array', { _entries: {} }, { opaque: false, ref: false }],
  ['null', null, { opaque: false, ref: false }],
];

describe('listOf, opaqueList, refList', () => {
  it.each(LISTS)('%s', (_, sample, accepted) => {
    expect({ opaque: opaqueList().safeParse(sample).success, ref: refList().safeParse(sample).success }).toEqual(accepted);
  });

  it.each([
    [[1, 2], true],
    [{ _entries: [1] }, true],
    [['1'], false],
  ] as const)('listOf(z.number()) of %j → accepted %s', (sample, accepted) => {
    expect(listOf(z.number()).safeParse(sample).success).toBe(accepted);
  });

  it.each([
    [[1], [1]],
    [{ _entries: [2] }, [2]],
    [{ items: [] }, undefined],
    [null, undefined],
  ] as const)('listEntries(%j) is %j', (list, entries) => {
    expect(listEntries(list)).toEqual(entries);
  });
});
