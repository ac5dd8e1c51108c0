// Axis ticks a person reads at a glance (issue 29 §9): steps of 1, 2 or 5 times a power of ten (20, 40, 60 or
// 0.5, 1, 1.5 — never 26.3, 52.5, 78.8), the value axis starting at 0 and ending on a tick at or above the data.

const MANTISSAS = [1, 2, 5, 10];

/** The round step that cuts `span` into about `count` parts (at most `count`). */
export function niceStep(span: number, count = 5): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return MANTISSAS.map((m) => m * power).find((step) => step >= raw - 1e-12 * power)!;
}

/** As many decimals as the step has, none trailing: 0.5 steps read "0", "0.5", "1"; 20 reads "20". */
export function tickLabel(value: number, step: number): string {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return String(Number(value.toFixed(decimals)));
}

/** Ticks of a value axis: 0, step, 2·step, … up to the first at or above `max`. */
export function valueTicks(max: number, count = 5): { ticks: number[]; step: number } {
  const step = niceStep(max > 0 ? max : 1, count);
  const top = Math.max(step, Math.ceil(max / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return { ticks, step };
}

/** Ticks inside [from, to] (a time axis): the round multiples of the step between them. */
export function rangeTicks(from: number, to: number, count = 5): { ticks: number[]; step: number } {
  const step = niceStep(to - from, count);
  const ticks: number[] = [];
  for (let v = Math.ceil(from / step - 1e-9) * step; v <= to + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return { ticks, step };
}
