import { recorded } from './state.js';

// k6: check and sleep, as k6 defines them (a check's result is counted by its name; sleep blocks the VU).

/**
 * @param {unknown} value
 * @param {Record<string, (value: unknown) => boolean>} sets
 */
export function check(value, sets) {
  let all = true;
  for (const [name, fn] of Object.entries(sets)) {
    const ok = Boolean(fn(value));
    const counts = (recorded.checks[name] ??= { passes: 0, fails: 0 });
    if (ok) counts.passes++;
    else counts.fails++;
    all &&= ok;
  }
  return all;
}

/** @param {number} seconds */
export function sleep(seconds) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, seconds * 1000);
}

export default { check, sleep };
