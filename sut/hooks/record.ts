import type { TargetResponse } from '../client.ts';
import { shellWord } from '../curl.ts';
import { redact } from '../redact.ts';

// A command hook's run, kept as evidence in the shape of an exchange (reports show exchanges): its argv as the
// line to reproduce it, what it printed as the body, stderr or the timeout as the error. Secrets redacted.

export interface CommandRun {
  /** What ran, for the url field: "command <program>". */
  what: string;
  argv?: readonly string[];
  stdout?: string;
  stderr?: string;
  /** Why it did not finish well (a timeout, an exit status), or why it was not run. */
  error?: string;
  skipped?: string;
  durationMs?: number;
  sentAt?: number;
  secrets: readonly string[];
}

const EXCERPT = 2_000;

export function exchangeRecord(r: CommandRun): TargetResponse {
  const line = r.argv ? r.argv.map(shellWord).join(' ') : '';
  const stdout = r.stdout ?? '';
  const error = r.error ?? r.skipped;
  const stderr = r.stderr?.trim();
  const said = [error, stderr ? `stderr: ${stderr.slice(-EXCERPT)}` : undefined].filter(Boolean).join('; ');
  return {
    headers: {},
    text: stdout,
    exchange: {
      method: 'EXEC',
      url: redact(r.what, r.secrets),
      curl: redact(line, r.secrets),
      requestHeaders: {},
      responseHeaders: {},
      bodyExcerpt: redact(stdout.slice(0, EXCERPT), r.secrets),
      durationMs: r.durationMs ?? 0,
      ...(r.sentAt !== undefined ? { sentAt: r.sentAt } : {}),
      ...(said !== '' ? { error: redact(said, r.secrets) } : {}),
    },
  };
}
