import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayLengthIn } from '../../models/index.ts';
import { PROFILE_FILE, runCli } from './run-cli.ts';

// Issue 28 §2, days that are not 24 hours: the reference server in a zone with rules, its date fixed where the desde
// window holds a change of offset, passes consultas/list/period-days-not-24-hours — judged, not skipped — as it passes
// period-by-zone-day: a day of 25 hours (Madrid, clocks back) and one of 23 whose midnight the clock skips
// (Santiago, 00:00 → 01:00). The mutant hasta-day-of-24-hours (gallery/run-data.ts) shows the rule fails a server
// that takes the day for 24 hours.

const ZONES = [
  { timeZone: 'Europe/Madrid', today: '2026-11-15', day: '2026-10-25', hours: 25 },
  { timeZone: 'America/Santiago', today: '2026-10-01', day: '2026-09-06', hours: 23 },
];
const RULE = 'consultas/list/period-days-not-24-hours';
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('days that are not 24 hours long, against the reference server', () => {
  it.each(ZONES)(
    '$timeZone on $today: the day of $hours hours judged and passed',
    async ({ timeZone, today, day, hours }) => {
      expect(dayLengthIn(day, timeZone)).toBe(hours * 3_600_000);
      const dir = await mkdtemp(path.join(tmpdir(), 'vmp-short-days-'));
      dirs.push(dir);
      const profileFile = path.join(dir, 'profile.json');
      await writeFile(profileFile, JSON.stringify({ ...JSON.parse(await readFile(PROFILE_FILE, 'utf8')), timeZone, today }));
      const run = await runCli({ profileFile, seed: 1, only: 'consultas/list/period-*', killAfterMs: 60_000 });
      expect(run.code, run.tail).toBe(0);
      const rule = run.rules.find((r) => r.id === RULE);
      expect(rule?.verdict, run.tail).toBe('pass');
      expect(rule?.instances).toBeGreaterThan(0);
      expect(rule?.observation).toContain(`${day} (${hours} h)`);
    },
    70_000,
  );
});
