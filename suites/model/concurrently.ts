// Reads that change nothing need not wait for each other: the model run sends them a few at a time (the width the
// suites' concurrent checks use), and its writes one after another.

/** How many reads of the model run are in flight at once. */
export const READ_WIDTH = 5;

/** Runs the tasks, at most `width` at a time; their results in the tasks' order. */
export async function concurrently<T>(tasks: readonly (() => Promise<T>)[], width = READ_WIDTH): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return results;
}
