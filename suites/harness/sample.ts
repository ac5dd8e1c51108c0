// Checks that read one record per request compare a sample: spread over the whole list, and rotated by the
// run seed so that runs with other seeds look at other records (one --seed still replays the run).

/** Up to `n` distinct positions of 0…length-1. */
export function sampleIndices(length: number, n: number, seed: number): number[] {
  if (length <= n) return Array.from({ length }, (_, i) => i);
  const step = length / n;
  const offset = seed % Math.max(1, Math.floor(step));
  return Array.from({ length: n }, (_, i) => Math.min(length - 1, Math.floor(i * step) + offset));
}
