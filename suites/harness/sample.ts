// Checks that read one record per request compare a sample: spread over the whole list, and rotated by the
// run seed so that runs with other seeds look at other records (one --seed still replays the run).

/** Up to `n` distinct positions of 0…length-1. */
export function sampleIndices(length: number, n: number, seed: number): number[] {
  if (length <= n) return Array.from({ length }, (_, i) => i);
  const step = length / n;
  const offset = seed % Math.max(1, Math.floor(step));
  return Array.from({ length: n }, (_, i) => Math.min(length - 1, Math.floor(i * step) + offset));
}

/** The element the run seed picks: other seeds probe other records. */
export const pick = <T>(items: readonly T[], seed: number): T | undefined => items[seed % Math.max(1, items.length)];

/** Items rotated so that the seed's pick comes first. */
export const rotated = <T>(items: readonly T[], seed: number): T[] => {
  const at = seed % Math.max(1, items.length);
  return [...items.slice(at), ...items.slice(0, at)];
};
