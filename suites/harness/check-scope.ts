import { AsyncLocalStorage } from 'node:async_hooks';

// Read-only checks run concurrently (harness/check.ts). A few of them still change something shared on the
// way — a webhook topic configured as a precondition, put back when the suite ends — and two doing that at once
// would meet each other's changes (a POST of a topic the other just configured: 409). Such a check takes the
// resource when it is about to change it and holds it until it ends, so that checks changing it do so one after
// another, as in a run without concurrency. Checks that all want the resource in the same state (`mode`: the
// inquiry topic pointed at the run's refusing URL, say) hold it together.

interface Hold {
  mode: string | undefined;
  release: () => void;
}

interface Scope {
  held: Map<string, Hold>;
}

interface Resource {
  /** The mode of the current holders (undefined: one holder, alone). */
  mode: string | undefined;
  holders: number;
  waiting: { mode: string | undefined; start: () => void }[];
}

const scope = new AsyncLocalStorage<Scope>();
const resources = new Map<string, Resource>();

/** Runs one check's body in a scope that releases, when the body ends, every resource it took. */
export async function inCheckScope<T>(body: () => Promise<T>): Promise<T> {
  const own: Scope = { held: new Map() };
  try {
    return await scope.run(own, body);
  } finally {
    for (const hold of own.held.values()) hold.release();
  }
}

const shares = (a: string | undefined, b: string | undefined) => a !== undefined && a === b;

function admit(r: Resource): void {
  while (r.waiting.length > 0) {
    const next = r.waiting[0]!;
    if (r.holders > 0 && !shares(r.mode, next.mode)) return;
    r.waiting.shift();
    r.mode = next.mode;
    r.holders += 1;
    next.start();
  }
}

/**
 * Takes `name` for the rest of the calling check: alone, or with the other checks holding it in the same `mode`.
 * Outside a check (a suite's afterAll) there is nothing to wait for. A check that holds it in another mode lets
 * it go first and queues again: it never waits for itself.
 */
export async function holdUntilCheckEnds(name: string, mode?: string): Promise<void> {
  const own = scope.getStore();
  if (!own) return;
  const held = own.held.get(name);
  if (held && (held.mode === undefined || shares(held.mode, mode))) return;
  held?.release();
  const r = resources.get(name) ?? { mode: undefined, holders: 0, waiting: [] };
  resources.set(name, r);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    r.holders -= 1;
    admit(r);
  };
  own.held.set(name, { mode, release });
  await new Promise<void>((start) => {
    r.waiting.push({ mode, start });
    admit(r);
  });
}

/** One at a time, whatever the holders' modes: for the step that brings a shared resource to its mode. */
export async function oneAtATime<T>(name: string, step: () => Promise<T>): Promise<T> {
  const before = steps.get(name) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  steps.set(
    name,
    before.then(() => mine),
  );
  await before;
  try {
    return await step();
  } finally {
    done();
  }
}

const steps = new Map<string, Promise<void>>();
