import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.ts';

// The README and docs/ say how to call every command (issue 23 §6): a flag they name that the command does not take,
// or a command that does not exist, fails a user at the first try. So every `vmp-conformance <command> --flag` they
// show (in code spans and blocks) is held against `<command> --help`, and docs/commands.md documents every flag of
// every command's --help, no more and no fewer.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) => f.endsWith('.md'));
const FLAG = /--[a-z][a-z0-9-]*/g;

let commands: string[];
const helps = new Map<string, Set<string>>();

beforeAll(async () => {
  commands = (await runMain(['--help'])).out.flatMap((l) => /^ {2}([a-z]+) {2}/.exec(l)?.[1] ?? []);
  for (const command of commands) {
    const help = (await runMain([command, '--help'])).out.join('\n');
    helps.set(command, new Set([...(help.match(FLAG) ?? []), '--help']));
  }
});

/** Every piece of code a Markdown file shows: inline code spans and the lines of fenced blocks (`\` continuations joined). */
function codeOf(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap((m) => m[1]!.replace(/\\\n\s*/g, ' ').split('\n'));
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...blocks, ...spans];
}

/**
 * Each command line a piece of code holds: `vmp-conformance <command> …` where a command line starts (the start of the
 * code, after `npx `, `= ` or `&& `), up to the next one, with the flags it names.
 */
function invocations(code: string): { command: string; flags: string[] }[] {
  const starts = [...code.matchAll(/(?:^|npx |= |&& )vmp-conformance ([a-z][a-z-]*)\b/g)];
  return starts.map((m, i) => {
    const rest = code.slice(m.index! + m[0].length, starts[i + 1]?.index ?? code.length);
    return { command: m[1]!, flags: rest.match(FLAG) ?? [] };
  });
}

describe('README.md and docs/ against --help', () => {
  it.each(DOCS)('%s names only commands that exist, with flags they take', (file) => {
    const problems: string[] = [];
    for (const code of codeOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
      for (const { command, flags } of invocations(code)) {
        const help = helps.get(command);
        if (!help) problems.push(`${command}: no such command (in \`${code}\`)`);
        else for (const flag of flags) if (!help.has(flag)) problems.push(`${command} ${flag}: not in its --help (in \`${code}\`)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the docs show every command at work somewhere', () => {
    const shown = new Set(DOCS.flatMap((file) => codeOf(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((c) => invocations(c).map((i) => i.command))));
    expect(commands.filter((c) => !shown.has(c))).toEqual([]);
  });

  it('docs/commands.md has a section for each command, documenting exactly the flags of its --help', () => {
    const text = readFileSync(path.join(ROOT, 'docs/commands.md'), 'utf8');
    const sections = new Map(
      [...text.matchAll(/^### `vmp-conformance ([a-z]+)`\n([\s\S]*?)(?=^### |$(?![\s\S]))/gm)].map((m) => [m[1]!, new Set(m[2]!.match(FLAG) ?? [])] as const),
    );
    expect([...sections.keys()].sort()).toEqual([...commands].sort());
    for (const command of commands) {
      const documented = sections.get(command)!;
      const help = [...helps.get(command)!].filter((f) => f !== '--help');
      expect(
        help.filter((f) => !documented.has(f)),
        `${command}: flags of --help that docs/commands.md does not document`,
      ).toEqual([]);
      expect(
        [...documented].filter((f) => !helps.get(command)!.has(f)),
        `${command}: flags docs/commands.md documents that --help does not list`,
      ).toEqual([]);
    }
  });

  it.each(DOCS)('%s links only to files that exist', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.filter((t) => !existsSync(path.resolve(ROOT, path.dirname(file), t)))).toEqual([]);
  });

  it('README.md is a landing page: under 150 lines, the two commands first', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(150);
    expect(readme.split('\n').slice(0, 6).join('\n')).toBe('# vmp-conformance\n\n```sh\nnpm ci && npm start\nnpm test\n```');
  });
});
