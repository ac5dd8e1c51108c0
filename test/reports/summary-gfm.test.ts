import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { markdownSummary } from '../../reports/markdown.ts';
import { exchange, rule, runResult } from './fixtures.ts';

// summary.md as GitHub renders a job summary (issue 29 §7), through micromark with its GFM extension (tables,
// autolink literals, strikethrough): each item of "Failures by cause" keeps its three lines (hard breaks, not one
// paragraph), and no value a target sent becomes a link. GitHub links e-mail addresses once more after parsing,
// in the text the escapes left (micromark-extension-gfm-autolink-literal's readme, "GitHub employs different
// algorithms"): `autolinkable` stands for that pass, on the rendered text outside code.

const render = (md: string): string => micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });

/** The rendered text outside <code>, tags gone and entities read: what a post-parse autolinker sees. */
const textOutsideCode = (html: string): string =>
  html
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(lt|gt|amp|quot);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"' })[e]!);

/** Every run of text GitHub's autolink literals take: an e-mail, a www. domain, a URL with a scheme. */
const autolinkable = (text: string): string[] => text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+|\bwww\.[\w-]|\b[a-z][a-z0-9+.-]*:\/\/\S/gi) ?? [];

const TARGET_TEXT = 'operator dealer@example.test moved to www.example.com, see https://example.com/x and mailto:a@b.co';

const result = runResult(
  [
    rule({
      id: 'home/etag-304',
      verdict: 'fail',
      failureId: 'abc1234',
      message: `[GET] /v3: 400 — expected 304; body said ${TARGET_TEXT}`,
      exchanges: [exchange({ url: 'http://127.0.0.1:9/v3/agencias/dealer%40example.test' })],
    }),
    rule({ id: 'status/home/304', verdict: 'fail', failureId: 'def5678', message: '[GET] /v3: 400 — expected 304' }),
    rule({ id: 'status/home/documented-only', verdict: 'fail', failureId: 'aaa1111', message: `no exchange; ${TARGET_TEXT}` }),
    rule({ id: 'home/etag-present', verdict: 'pass' }),
  ],
  { discovery: [`agency ${TARGET_TEXT}`], inferred: [{ key: 'invitationDomain', value: 'example.test', how: `from ${TARGET_TEXT}` }] },
);

describe('summary.md under GitHub-flavoured Markdown', () => {
  const md = markdownSummary(result);
  const html = render(md);

  it('keeps each cause on its own lines: the cause, where it was first seen, its rules (hard breaks)', () => {
    const items = [...html.matchAll(/<ol>([\s\S]*?)<\/ol>/g)][0]![1]!.match(/<li>[\s\S]*?<\/li>/g)!;
    expect(items).toHaveLength(3);
    for (const item of items) {
      const lines = item.split(/<br \/>/);
      expect(lines.length, item).toBe(item.includes('first seen') ? 3 : 2);
      expect(lines.at(-1)!.trim()).toMatch(/^(<code>[^<]+<\/code>(, )?)+<\/li>$/);
    }
    expect(items.filter((i) => i.includes('first seen: <code>[GET] http://127.0.0.1:9/v3/agencias/dealer%40example.test → 400</code>'))).toHaveLength(1);
  });

  it('links nothing a target sent: no <a>, no e-mail, www. or scheme:// left for the pass after parsing', () => {
    expect(html).not.toContain('<a ');
    expect(autolinkable(textOutsideCode(html))).toEqual([]);
    // The text is all there to read (the word joiners that break the patterns are invisible).
    expect(textOutsideCode(html).replaceAll('\u2060', '')).toContain(TARGET_TEXT);
    // The check above can fail: the same text unescaped is linked by both passes.
    expect(render(TARGET_TEXT)).toContain('<a href="mailto:dealer@example.test">');
    expect(autolinkable(textOutsideCode(render(TARGET_TEXT.replaceAll('@', '\\@'))))).toContain('dealer@example.test');
  });

  it('renders its tables whole: the areas, and the failed rules with five cells a row', () => {
    const tables = html.match(/<table>[\s\S]*?<\/table>/g)!;
    expect(tables).toHaveLength(2);
    const rows = (t: string) => t.match(/<tr>[\s\S]*?<\/tr>/g)!.map((r) => (r.match(/<t[hd][ >]/g) ?? []).length);
    expect(rows(tables[0]!)).toEqual([5, 5, 5]);
    expect(rows(tables[1]!)).toEqual([5, 5, 5, 5]);
    expect(html).toContain('<h3>Failures by cause (3 causes → 3 rules)</h3>');
  });
});
