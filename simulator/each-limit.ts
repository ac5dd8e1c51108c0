// Runs fn over items with at most `limit` calls in flight, pulling items lazily (so a generator of a million
// items is never materialised). Stops pulling once `signal` aborts; calls already started finish.
export async function eachLimit<T>(items: Iterable<T>, limit: number, fn: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async (): Promise<void> => {
    for (let next = iterator.next(); !next.done && !signal?.aborted; next = iterator.next()) await fn(next.value);
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}
