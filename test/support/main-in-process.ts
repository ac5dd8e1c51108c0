import { main } from '../../cli/main.ts';

// The CLI's entry point in this process (no child, no tsx start-up): for the many cases that end before any
// server or run starts — usage errors, --help.

export interface MainRun {
  code: number;
  out: string[];
  err: string[];
}

export async function runMain(argv: string[]): Promise<MainRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}
