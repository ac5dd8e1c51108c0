import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../../generators/argentina.ts';
import { createInquiryGenerator } from '../../generators/inquiry.ts';
import type { ConsultaInput } from '../../models/index.ts';

// The mix a dealer would recognise, over 2,000 inquiries of one seed. Bands are wide enough for sampling noise
// (±4 standard deviations) and tight enough to catch a broken rate.
const N = 2000;
const inquiries: ConsultaInput[] = (() => {
  const g = createInquiryGenerator({ seed: 2026 });
  return Array.from({ length: N }, (_, i) => g.next(Date.UTC(2026, 5, 1) + i * 60_000));
})();
const share = (p: (c: ConsultaInput) => boolean) => inquiries.filter(p).length / N;

describe('inquiry mix', () => {
  it('is about 65% usado', () => {
    const usado = share((c) => c.Auto.Estado === 'usado');
    expect(usado).toBeGreaterThan(0.6);
    expect(usado).toBeLessThan(0.7);
    expect(share((c) => c.Auto.Estado === 'nuevo')).toBeCloseTo(1 - usado, 10);
  });

  it('prices in both ARS and USD, within plausible ranges', () => {
    const prices = inquiries.flatMap((c) => (c.Auto.Precio ? [c.Auto.Precio] : []));
    const ars = prices.filter((p) => p.Moneda === 'ARS');
    const usd = prices.filter((p) => p.Moneda === 'USD');
    expect(ars.length).toBeGreaterThan(N * 0.5);
    expect(usd.length).toBeGreaterThan(N * 0.1);
    const range = (xs: { Importe: number }[]) => [Math.min(...xs.map((p) => p.Importe)), Math.max(...xs.map((p) => p.Importe))];
    const [usdMin, usdMax] = range(usd);
    const [arsMin, arsMax] = range(ars);
    expect(usdMin).toBeGreaterThanOrEqual(3_000);
    expect(usdMax).toBeLessThanOrEqual(80_000);
    expect(arsMin).toBeGreaterThanOrEqual(3_000_000);
    expect(arsMax).toBeLessThanOrEqual(100_000_000);
  });

  it('has nulls where the spec allows them, and trade-ins and financing at plausible rates', () => {
    expect(share((c) => c.Auto.Precio === null)).toBeGreaterThan(0.02);
    expect(share((c) => c.Auto.Version === null)).toBeGreaterThan(0.05);
    expect(share((c) => c.Interesado.Ciudad === null)).toBeGreaterThan(0.05);
    expect(share((c) => c.Interesado.InfoOperacion === null)).toBeGreaterThan(0.35);
    const tradeIns = share((c) => c.Interesado.InfoOperacion?.EntregaVehiculo != null);
    expect(tradeIns).toBeGreaterThan(0.18);
    expect(tradeIns).toBeLessThan(0.32);
    const financing = share((c) => c.Interesado.InfoOperacion?.FinanciacionDeseada != null);
    expect(financing).toBeGreaterThan(0.2);
    expect(financing).toBeLessThan(0.35);
  });

  it('mixes makes like the market, with catalogo only for 0km', () => {
    const byMake = new Map<string, number>();
    for (const c of inquiries) byMake.set(c.Auto.Marca, (byMake.get(c.Auto.Marca) ?? 0) + 1);
    const top = [...byMake.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 7)
      .map(([m]) => m);
    expect(new Set(top)).toEqual(new Set(['Toyota', 'Volkswagen', 'Ford', 'Chevrolet', 'Fiat', 'Renault', 'Peugeot']));
    const catalogo = inquiries.filter((c) => c.TipoAnuncio === 'catalogo');
    expect(catalogo.length).toBeGreaterThan(N * 0.1);
    expect(catalogo.every((c) => c.Auto.Estado === 'nuevo' && c.Auto.ExternalId === '')).toBe(true);
    expect(inquiries.filter((c) => c.TipoAnuncio === 'publicacion').every((c) => /^MLA\d{10}$/.test(c.Auto.ExternalId))).toBe(true);
  });

  it('draws buyers from Argentine provinces, mostly Buenos Aires, with cities of that province', () => {
    const names = new Map(PROVINCES.map((p) => [p.name, p]));
    for (const c of inquiries) {
      const prov = names.get(c.Interesado.Provincia);
      expect(prov, c.Interesado.Provincia).toBeDefined();
      if (c.Interesado.Ciudad !== null) expect(prov!.cities).toContain(c.Interesado.Ciudad);
    }
    expect(share((c) => c.Interesado.Provincia === 'Buenos Aires')).toBeGreaterThan(0.3);
    expect(new Set(inquiries.map((c) => c.Interesado.Provincia)).size).toBeGreaterThan(18);
  });

  it('writes Spanish comments and distinct buyers', () => {
    expect(share((c) => /[¿áéíóúñ]/.test(c.Interesado.Comentario))).toBeGreaterThan(0.5);
    expect(new Set(inquiries.map((c) => c.Interesado.Email)).size).toBeGreaterThan(N * 0.9);
  });
});
