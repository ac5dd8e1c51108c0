import { test } from 'vitest';

// A check stuck where no deadline reaches it — not in a request, nor in the harness that skips checks after the
// deadline: an await that never settles. The run's last bound must still end the run, stopped, and report the
// rule as not run for that reason. Run only by test/hostile/deadline.test.ts (stuck-run.ts).
test('[home/etag-present] never settles', () => new Promise<void>(() => undefined), 600_000);
