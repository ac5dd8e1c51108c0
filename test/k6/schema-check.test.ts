import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProfileJson, startEmbedded, type Embedded } from '../../api/embedded.ts';
import { representationModel, type RepresentationName } from '../../models/index.ts';
import type { Representation } from '../../models/media-types.ts';
import { schemaProblem } from '../../simulator/k6/schema-check.js';
import { buildK6Plan, type K6Plan } from '../../simulator/k6-plan.ts';
import { targetMix } from '../../simulator/load-target-mix.ts';

// The body check of the k6 export (JSON Schema from the models, checked by schema-check.js) against load's own
// (the zod models): on every response the reference server gives the mix, and on those responses broken member by
// member. It never fails a body load accepts, and it catches what JSON Schema can say (members, types, nullability).

const TOKEN = 'Bearer vmp-primary-7f3a2c';
let embedded: Embedded;
let plan: K6Plan;
const bodies: { op: K6Plan['operations'][number]; json: unknown }[] = [];

beforeAll(async () => {
  embedded = await startEmbedded();
  const mix = await targetMix({ baseUrl: embedded.baseUrl, profile: embedded.profile, timeoutMs: 5_000 });
  plan = buildK6Plan({
    operations: mix.operations,
    profile: embedded.profile,
    profileJson: await defaultProfileJson(),
    baseUrl: embedded.baseUrl,
    timeoutMs: 5_000,
    validateEvery: 1,
    generatedBy: 'test',
  });
  for (const op of plan.operations.filter((o) => o.schema)) {
    const res = await fetch(embedded.baseUrl + op.path, { headers: { Authorization: TOKEN, ...op.headers } });
    bodies.push({ op, json: await res.json() });
  }
}, 60_000);

afterAll(async () => {
  await embedded?.close();
});

const models = new Map<string, ReturnType<typeof representationModel>>();
function zodAccepts(key: string, value: unknown): boolean {
  const [name, form] = key.split('.') as [RepresentationName, Representation];
  if (!models.has(key)) models.set(key, representationModel(name, form));
  return models.get(key)!.safeParse(value).success;
}

/** A list cut to its first two entries: still valid, and a hundred times cheaper to break member by member. */
function short(json: unknown): unknown {
  if (Array.isArray(json)) return json.slice(0, 2);
  if (json && typeof json === 'object' && Array.isArray((json as { _entries?: unknown })._entries))
    return { ...json, _entries: (json as { _entries: unknown[] })._entries.slice(0, 2) };
  return json;
}

/** Each member of an object broken every way JSON Schema can tell: removed, null, another type. */
function* broken(value: unknown): Generator<{ how: string; value: unknown }> {
  if (value === null || typeof value !== 'object') return;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, member] of entries) {
    const copy = (replacement: unknown, remove = false) => {
      const c: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
      if (remove && !Array.isArray(c)) delete c[key];
      else (c as Record<string, unknown>)[key] = replacement;
      return c;
    };
    if (!Array.isArray(value)) yield { how: `${key} removed`, value: copy(undefined, true) };
    for (const replacement of [null, 42, 'x', [], {}, true]) {
      if (typeof replacement === typeof member && Array.isArray(replacement) === Array.isArray(member)) continue;
      yield { how: `${key} = ${JSON.stringify(replacement)}`, value: copy(replacement) };
    }
    // One level down (an inquiry of a page, the Auto of an inquiry): the first entry stands for the others.
    if (key === '_entries' || key === 'Auto' || key === 'Interesado' || key === '0') {
      for (const inner of broken(member)) yield { how: `${key}.${inner.how}`, value: copy(inner.value) };
    }
  }
}

describe('the k6 body check (JSON Schema from the models)', () => {
  it('accepts every response the reference server gives the mix, as the models do', () => {
    expect(bodies.length).toBeGreaterThan(10);
    for (const { op, json } of bodies) {
      expect(zodAccepts(op.schema!, json), op.id).toBe(true);
      expect(schemaProblem(plan.validation.schemas[op.schema!], json), op.id).toBeUndefined();
    }
  });

  it('never fails a body the models accept, and catches the broken members the models catch', () => {
    let caughtByBoth = 0;
    let missed: string[] = [];
    for (const { op, json } of bodies) {
      for (const b of broken(short(json))) {
        const zod = zodAccepts(op.schema!, b.value);
        const problem = schemaProblem(plan.validation.schemas[op.schema!], b.value);
        if (zod) expect(problem, `${op.id}: ${b.how}`).toBeUndefined();
        else if (problem !== undefined) caughtByBoth++;
        else missed.push(`${op.id}: ${b.how}`);
      }
    }
    expect(caughtByBoth).toBeGreaterThan(200);
    // What JSON Schema cannot say is the models' refinements: the date-time syntax, relative hrefs, templated links.
    missed = missed.filter((m) => !/(Desde|Hasta|Momento) = "x"$/.test(m));
    expect(missed).toEqual([]);
  });

  it('names where a body departs', () => {
    const page = bodies.find((b) => b.op.schema === 'ConsultaPage.full')!;
    const schema = plan.validation.schemas['ConsultaPage.full'];
    expect(schemaProblem(schema, { ...(page.json as object), Total: -1 })).toBe('Total: below 0');
    expect(schemaProblem(schema, { ...(page.json as object), PerPagina: 1.5 })).toBe('PerPagina: expected integer');
    const entries = (page.json as { _entries: Record<string, unknown>[] })._entries;
    const entry = { ...entries[0]!, OperadorResponsable: 'nobody' };
    expect(schemaProblem(schema, { ...(page.json as object), _entries: [entry] })).toBe('_entries.0.OperadorResponsable: does not match ^[^\\s@]+@[^\\s@]+$');
  });
});
