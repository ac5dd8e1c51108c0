import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parseOffsetDateTime } from '../../models/index.ts';
import { boot, enc, TODAY, type Harness } from './support.ts';

// Seed data (issue 3): deterministic from the seed and today; apps with and without agencies; one agency
// with about 250 inquiries over the last 85 days, some older than the resend bound.
let a: Harness;
let b: Harness;
let c: Harness;
beforeAll(async () => {
  [a, b, c] = await Promise.all([boot({ seed: 5 }), boot({ seed: 5 }), boot({ seed: 6 })]);
});
afterAll(() => Promise.all([a, b, c].map((h) => h.close())));

type Page = { Total: number; _entries: { href: string; title: string }[] };
const refs = async (h: Harness, mail: string) => {
  const out: Page['_entries'] = [];
  for (let pagina = 1; ; pagina++) {
    const p = (
      await h.call(`/v3/consultas/${enc(mail)}`, {
        app: mail.includes('patagonia') || mail.includes('litoral') ? 'other' : 'primary',
        form: 'ref',
        query: { pagina },
      })
    ).json as Page;
    out.push(...p._entries);
    if (p._entries.length === 0 || out.length >= p.Total) return out;
  }
};
const agencies = async (h: Harness, app: 'primary' | 'other' | 'empty') =>
  ((await h.call('/v3/agencias', { app })).json as { AdminMail: string }[]).map((x) => x.AdminMail);

describe('seed fixtures', () => {
  it('gives the primary and other apps agencies of their own and the empty app none', async () => {
    expect(await agencies(a, 'primary')).toEqual(['admin@autosdelsur.example', 'contacto@cuyoautos.example', 'ventas@rutanortemotors.example']);
    expect(await agencies(a, 'other')).toEqual(['admin@patagoniaautomotores.example', 'usados@litoralcars.example']);
    expect(await agencies(a, 'empty')).toEqual([]);
  });

  it('has the documented inquiry counts', async () => {
    const counts = {
      'admin@autosdelsur.example': 250,
      'ventas@rutanortemotors.example': 36,
      'contacto@cuyoautos.example': 9,
      'admin@patagoniaautomotores.example': 42,
      'usados@litoralcars.example': 15,
    };
    for (const [mail, count] of Object.entries(counts)) expect((await refs(a, mail)).length, mail).toBe(count);
  });

  it('is the same for the same seed and differs for another', async () => {
    const mail = 'admin@autosdelsur.example';
    const [one, two, other] = await Promise.all([refs(a, mail), refs(b, mail), refs(c, mail)]);
    expect(one).toEqual(two);
    expect(other.map((e) => e.href)).not.toEqual(one.map((e) => e.href));
  });

  it('spreads inquiries over the last 85 days, some older than the resend bound', async () => {
    const res = await a.call(`/v3/consultas/${enc('admin@autosdelsur.example')}`, { query: { pagina: 3 } });
    const oldest = (res.json as { _entries: { Momento: string }[] })._entries.at(-1)!;
    const day = parseOffsetDateTime(oldest.Momento)!.date;
    expect(day >= addDays(TODAY, -85)).toBe(true);
    expect(day < addDays(TODAY, -a.profile.resendMaxAgeDays!)).toBe(true);
  });
});
