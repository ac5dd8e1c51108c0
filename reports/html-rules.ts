import type { Exchange } from '../sut/evidence.ts';
import { html, raw, type Markup } from '../support/html-escape.ts';
import { replayCommand } from './replay-command.ts';
import type { RuleResult, RunResult, Verdict } from './results.ts';

// report.html's rule section: every rule with its verdict and evidence — the exchanges as copyable curl
// lines with the response status, headers and body excerpt, and a property's seed, path and counterexample.

export const VERDICT_LABEL: Record<Verdict, string> = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP', observed: 'OBSERVED' };

export const ruleAnchor = (id: string): string => `rule-${id}`;

function headerText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** A body that is JSON, indented; anything else (or JSON cut short by the excerpt) as it came. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One exchange of the evidence, in the order they were sent; the one that shows the failure says so. */
export function exchangeHtml(x: Exchange, index: number, total: number): Markup {
  const outcome = x.status !== undefined ? String(x.status) : 'no response';
  const role = x.failed ? ' (shows the failure)' : '';
  return html`<div class="exchange${x.failed ? ' failing' : ''}" data-status="${x.status ?? ''}" data-index="${index + 1}">
<p class="exchange-title"><span class="muted">${index + 1}/${total}</span> <b>${x.method}</b> <code>${x.url}</code> → <b>${outcome}</b>${x.error ? html` <span class="error">${x.error}</span>` : ''} <span class="muted">${x.durationMs.toFixed(0)} ms${role}</span></p>
<pre class="curl" title="request as curl (secrets redacted)">${x.curl}</pre>
${
  Object.keys(x.responseHeaders).length
    ? html`<details><summary>response headers</summary><pre class="headers">${headerText(x.responseHeaders)}</pre></details>`
    : ''
}
${x.bodyExcerpt ? html`<details${raw(x.status !== undefined && x.status >= 400 ? ' open' : '')}><summary>response body (excerpt)</summary><pre class="body">${prettyBody(x.bodyExcerpt)}</pre></details>` : ''}
</div>`;
}

/** The deliveries a delivery rule judged, in the order they arrived (issue 23 §2). */
function deliveriesHtml(r: RuleResult): Markup | '' {
  const ds = r.deliveries ?? [];
  if (ds.length === 0) return '';
  return html`<div class="deliveries"><p><b>Webhook deliveries judged (${ds.length})</b>, in the order they arrived:</p>${ds.map(
    (
      d,
      i,
    ) => html`<div class="exchange delivery" data-callback="${d.callback}"><p class="exchange-title"><span class="muted">${i + 1}/${ds.length}</span> <b>POST</b> <code>${d.callback}</code> at ${d.receivedAt}${d.signature ? html` <span class="muted">signature ${d.signature}</span>` : ''}</p>
<details><summary>headers</summary><pre class="headers">${headerText(d.headers)}</pre></details>
<details open><summary>body (excerpt)</summary><pre class="body">${prettyBody(d.bodyExcerpt)}</pre></details></div>`,
  )}</div>`;
}

function propertyHtml(r: RuleResult): Markup | '' {
  const p = r.property;
  if (!p) return '';
  // The request the counterexample made is in the evidence, as curl; the drawn value itself is fast-check's notation.
  return html`<dt>fast-check</dt><dd>seed <code>${p.seed}</code>${p.path ? html`, path <code>${p.path}</code>` : ''}${
    p.numRuns !== undefined ? html`, ${p.numRuns} runs` : ''
  }${p.counterexample ? html`<details><summary>drawn value (fast-check's notation)</summary><pre class="counterexample">${p.counterexample}</pre></details>` : ''}</dd>`;
}

export function ruleHtml(r: RuleResult, result: Pick<RunResult, 'reportDir'>): Markup {
  const open = r.verdict === 'fail' ? ' open' : '';
  const exchanges = r.exchanges;
  return html`<details class="rule ${r.verdict}" id="${ruleAnchor(r.id)}" data-rule="${r.id}" data-verdict="${r.verdict}"${raw(open)}>
<summary><span class="badge ${r.verdict}">${VERDICT_LABEL[r.verdict]}</span> <code>${r.id}</code> ${r.statement}${
    r.baseline ? html` <span class="baseline">${r.baseline.replace('-', ' ')}</span>` : ''
  }</summary>
<dl>
<dt>level</dt><dd>${r.level}</dd>
<dt>spec section</dt><dd>${r.section}</dd>
${r.endpoint ? html`<dt>endpoint</dt><dd><code>${r.endpoint}</code></dd>` : ''}
<dt>duration</dt><dd>${r.durationMs.toFixed(0)} ms</dd>
${r.failureId ? html`<dt>replay</dt><dd><code class="replay">${replayCommand(result, r.failureId)}</code></dd>` : ''}
${r.message ? html`<dt>failure</dt><dd class="message">${r.message}</dd>` : ''}
${r.skipReason ? html`<dt>skipped</dt><dd>${r.skipReason}</dd>` : ''}
${r.observation ? html`<dt>observed</dt><dd class="observation">${r.observation}</dd>` : ''}
${propertyHtml(r)}
${r.commands?.length ? html`<dt>commands</dt><dd><ol>${r.commands.map((c) => html`<li><code>${c}</code></li>`)}</ol></dd>` : ''}
</dl>
${exchanges.length ? html`<div class="exchanges">${exchanges.map((x, i) => exchangeHtml(x, i, exchanges.length))}</div>` : ''}
${deliveriesHtml(r)}
</details>`;
}
