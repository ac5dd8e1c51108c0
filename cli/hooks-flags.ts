import type { AdapterHooks } from '../api/profile.ts';
import { UsageError } from '../support/errors.ts';

// The flags of `init` that give the target's own simulation hooks (docs/simulation-hooks.md): a command, as a JSON
// array or a command line (split as a POSIX shell splits words, quotes and backslashes honoured, nothing expanded:
// the command is never run by a shell), or an HTTP template as JSON.

export const HOOKS_OPTIONS = {
  'hooks-command': { type: 'string' },
  'hooks-registration-command': { type: 'string' },
  'hooks-http': { type: 'string' },
  'hooks-registration-http': { type: 'string' },
  'hooks-timeout-ms': { type: 'string' },
} as const;

export const HOOKS_USAGE = [
  "The target's own hooks, where it has no hooks of this tool's contract (written as simulationHooks; docs/simulation-hooks.md):",
  "  --hooks-command ARGV makes an inquiry arrive (a JSON array, or a command line run without a shell), printing the inquiry's",
  '  sid or URI; --hooks-registration-command ARGV completes an invitation. --hooks-http JSON and --hooks-registration-http JSON',
  '  give an HTTP request template instead ({"method", "url", "headers", "body", "sidPointer", …}). Placeholders: {{adminMail}},',
  '  {{consulta}}, {{agencia}}, {{app}}, {{baseUrl}}, {{runId}}; ${ENV} values stay references. --hooks-timeout-ms bounds each',
  '  call (default 10000). init makes one inquiry through the hook and reads it back by sid before writing it (exit 2 if not).',
];

/** A command line's words: '…' literal, "…" with \\ escapes, \\ outside quotes escaping one character. */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  const add = (text: string) => {
    word = (word ?? '') + text;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    const next = line[i + 1];
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else add(ch);
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && next !== undefined && '"\\$`'.includes(next)) add(line[++i]!);
      else add(ch);
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (ch === "'" || ch === '"') {
      add('');
      quote = ch;
    } else if (ch === '\\' && next !== undefined) add(line[++i]!);
    else add(ch);
  }
  if (quote) throw new UsageError(`unterminated ${quote} quote`);
  if (word !== undefined) words.push(word);
  return words;
}

function argvOf(flag: string, value: string): string[] {
  let argv: unknown;
  try {
    argv = value.trimStart().startsWith('[') ? JSON.parse(value) : commandWords(value);
  } catch (error) {
    throw new UsageError(`--${flag} must be a JSON array of strings or a command line: ${(error as Error).message}`);
  }
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string' && a !== ''))
    throw new UsageError(`--${flag} must name a program and its arguments (a JSON array of non-empty strings, or a command line)`);
  return argv;
}

function httpOf(flag: string, value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Told below, naming the flag.
  }
  throw new UsageError(`--${flag} must be a JSON object: an HTTP request template such as {"url": "/admin/inquiries", "body": {"inquiry": "{{consulta}}"}}`);
}

type Values = { [K in keyof typeof HOOKS_OPTIONS]?: string };

/** The hooks the flags give, as the profile writes them (unchecked: the profile schema names a bad member); undefined without them. */
export function hooksFlags(v: Values, timeoutMs: number | undefined): { hooks: AdapterHooks; flag: string } | undefined {
  const action = (commandFlag: 'hooks-command' | 'hooks-registration-command', httpFlag: 'hooks-http' | 'hooks-registration-http') => {
    const command = v[commandFlag];
    const http = v[httpFlag];
    if (command !== undefined && http !== undefined) throw new UsageError(`--${commandFlag} and --${httpFlag} give the same hook twice: give one`);
    const timeout = timeoutMs !== undefined ? { timeoutMs } : {};
    if (command !== undefined) return { command: { argv: argvOf(commandFlag, command), ...timeout } };
    if (http !== undefined) return { http: { ...httpOf(httpFlag, http), ...timeout } };
    return undefined;
  };
  const inquiry = action('hooks-command', 'hooks-http');
  const registration = action('hooks-registration-command', 'hooks-registration-http');
  if (!inquiry) {
    if (registration || timeoutMs !== undefined)
      throw new UsageError('--hooks-registration-command, --hooks-registration-http and --hooks-timeout-ms go with --hooks-command or --hooks-http');
    return undefined;
  }
  return {
    hooks: { inquiry, ...(registration ? { registration } : {}) } as AdapterHooks,
    flag: v['hooks-command'] !== undefined ? '--hooks-command' : '--hooks-http',
  };
}
