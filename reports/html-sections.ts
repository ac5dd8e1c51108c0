import { allColumns, coverageTotals } from './coverage-matrix.ts';
import { inferredText } from './inferred.ts';
import type { Exchange } from '../sut/evidence.ts';
import { html, raw, type Markup } from '../support/html-escape.ts';
import { causeGroups, causesHeadline, followersLine, rulesOf, seenAt } from './cause-groups.ts';
import { prettyBody, ruleAnchor, VERDICT_LABEL } from './html-rules.ts';
import { observationRows, otherObservations, profileChoice } from './observations.ts';
import type { CoverageState, RuleResult, RunResult, SpecCoverage, StatementVerdict } from './results.ts';
import { specCoverageTotals } from './spec-coverage.ts';
import { areaSummaries, blockingFailures, deadlineNote } from './summary.ts';

// report.html's tables: summary by spec area, baseline comparison, failures, coverage matrix and the
// observed-behaviour table for the spec's gaps.

export function summarySection(result: RunResult): Markup {
  const s = result.summary;
  return html`<section id="summary"><h2>Summary by spec area</h2>
<table class="summary"><thead><tr><th>area</th><th>passed</th><th>failed</th><th>skipped</th><th>observed</th></tr></thead>
<tbody>${areaSummaries(result.rules).map(
    ({ area, counts: c }) => html`<tr data-area="${area}" class="${c.fail ? 'has-fail' : ''}"><th><a href="#area-${area}">${area}</a></th>
<td data-count="passed">${c.pass}</td><td data-count="failed">${c.fail}</td><td data-count="skipped">${c.skip}</td><td data-count="observed">${c.observed}</td></tr>`,
  )}</tbody>
<tfoot><tr data-area="total"><th>total</th><td data-count="passed">${s.passed}</td><td data-count="failed">${s.failed}</td><td data-count="skipped">${s.skipped}</td><td data-count="observed">${s.observed}</td></tr></tfoot>
</table></section>`;
}

export function baselineSection(result: RunResult): Markup | '' {
  const b = result.baseline;
  if (!b) return '';
  const list = (ids: string[]) =>
    ids.length ? html`<ul>${ids.map((id) => html`<li><a href="#${ruleAnchor(id)}"><code>${id}</code></a></li>`)}</ul>` : html`<p class="muted">none</p>`;
  return html`<section id="baseline"><h2>Baseline <code>${b.file}</code></h2>
<h3>New failures (${b.newFailures.length})</h3>${list(b.newFailures)}
<h3>Still failing, known (${b.stillFailing.length})</h3>${list(b.stillFailing)}
<h3>Now passing — remove from the baseline (${b.nowPassing.length})</h3>${list(b.nowPassing)}
${b.notRun.length ? html`<h3>Not run (${b.notRun.length})</h3>${list(b.notRun)}` : ''}
</section>`;
}

/** The causes first (issue 23 §2): what went wrong, how many rules it fails, where it was first seen, which rules. */
function causesHtml(failed: readonly RuleResult[]): Markup | '' {
  if (failed.length === 0) return '';
  const groups = causeGroups(failed);
  return html`<h3 id="causes">Failures by cause (${causesHeadline(groups)})</h3>
<ol class="causes">${groups.map(
    (g) => html`<li data-rules="${rulesOf(g)}"><b>${rulesOf(g)} rule${rulesOf(g) === 1 ? '' : 's'}</b>: <span class="message cause">${g.text}</span>
${g.finding ? html`<br><span class="muted">first said:</span> <span class="message">${g.finding}</span>` : ''}
${g.exchange ? html`<br><span class="muted">first seen:</span> <code>${seenAt(g.exchange)}</code><pre class="curl">${g.exchange.curl}</pre>` : ''}
<div>${g.rules.map((r) => html`<a href="#${ruleAnchor(r.id)}"><code>${r.id}</code></a> `)}</div>
${g.followers.length ? html`<div class="followers"><span class="muted">${followersLine(g)}:</span> ${g.followers.map((r) => html`<a href="#${ruleAnchor(r.id)}"><code>${r.id}</code></a> `)}</div>` : ''}</li>`,
  )}</ol>`;
}

export function failuresSection(result: RunResult): Markup {
  const failed = result.rules.filter((r) => r.verdict === 'fail');
  const blocking = new Set(blockingFailures(result).map((r) => r.id));
  return html`<section id="failures"><h2>Failed rules (${failed.length})</h2>
${causesHtml(blockingFailures(result))}
${
  failed.length
    ? html`<table><thead><tr><th>rule</th><th>level</th><th>statement</th><th>failure</th><th>replay id</th></tr></thead><tbody>${failed.map(
        (r) => html`<tr class="${blocking.has(r.id) ? 'blocking' : 'known'}"><td><a href="#${ruleAnchor(r.id)}"><code>${r.id}</code></a></td><td>${r.level}</td>
<td>${r.statement}</td><td class="message">${r.message ?? ''}</td><td><code>${r.failureId ?? ''}</code></td></tr>`,
      )}</tbody></table>`
    : html`<p>No rule failed.</p>`
}
${result.inferred?.length ? html`<h3>Before the checks: inferred profile values</h3><ul>${result.inferred.map((f) => html`<li>${inferredText(f)}</li>`)}</ul>` : ''}
${result.discovery?.length ? html`<h3>Before the checks: fixture discovery</h3><ul>${result.discovery.map((d) => html`<li>${d}</li>`)}</ul>` : ''}
${deadlineNote(result) ? html`<h3>Deadline</h3><p>${deadlineNote(result)}</p>` : ''}
${
  result.unhandledErrors.length ? html`<h3>Errors outside any check</h3><ul>${result.unhandledErrors.map((e) => html`<li><pre>${e}</pre></li>`)}</ul>` : ''
}</section>`;
}

const CELL_MARK: Record<CoverageState, string> = { exercised: '✓', failed: '✗', 'not-exercised': '·' };

export function coverageSection(result: RunResult): Markup {
  const matrix = result.coverageMatrix;
  const columns = allColumns(matrix);
  const t = coverageTotals(matrix);
  return html`<section id="coverage"><h2>Coverage matrix</h2>
<p>Rows: the catalog's endpoints. Columns: each documented status and each offered media type. <span class="cov exercised">✓ exercised</span> (${t.exercised})
<span class="cov failed">✗ failed</span> (${t.failed}) <span class="cov not-exercised">· not exercised</span> (${t['not-exercised']}); blank: not documented for that row.</p>
<div class="scroll"><table class="coverage"><thead><tr><th>endpoint</th>${columns.map((c) => html`<th>${c}</th>`)}<th>undocumented statuses seen</th></tr></thead>
<tbody>${matrix.map((row) => {
    const states = new Map(row.columns.map((c) => [c.cell, c.state]));
    return html`<tr data-endpoint="${row.endpoint}"><th><code>${row.label}</code></th>${columns.map((c) => {
      const state = states.get(c);
      return state
        ? html`<td class="cov ${state}" data-cell="${c}" data-state="${state}" title="${c}: ${state}">${CELL_MARK[state]}</td>`
        : html`<td class="na"></td>`;
    })}<td class="undocumented">${row.undocumented.map((u) => html`<span class="cov ${u.state}" data-cell="${u.cell}" data-state="${u.state}">${u.cell} ${CELL_MARK[u.state]}</span> `)}</td></tr>`;
  })}</tbody></table></div></section>`;
}

/** The bodies an observation saw, JSON indented, folded away under the observation's own words. */
function bodiesHtml(exchanges: readonly Exchange[] | undefined): Markup | '' {
  const shown = (exchanges ?? []).filter((x) => x.bodyExcerpt);
  if (shown.length === 0) return '';
  return html`<details class="bodies"><summary>response bodies (${shown.length})</summary>${shown.map(
    (x) => html`<div><code>${x.method} ${x.url} → ${x.status ?? 'no response'}</code><pre class="json">${prettyBody(x.bodyExcerpt)}</pre></div>`,
  )}</details>`;
}

export function observationsSection(result: RunResult): Markup {
  const rows = observationRows(result.rules);
  const others = otherObservations(result.rules);
  return html`<section id="observations"><h2>Observed behaviour where the spec is silent</h2>
<table class="observations"><thead><tr><th>gap</th><th>spec section</th><th>what the spec leaves open</th><th>profile key</th><th>target's choice (profile)</th><th>observe rule</th><th>observed</th></tr></thead>
<tbody>${rows.map(
    (
      r,
    ) => html`<tr data-gap="${r.gap.id}"><td>${r.gap.id}</td><td>${r.gap.section}</td><td>${r.gap.what}</td><td>${r.gap.profileKey ? html`<code>${r.gap.profileKey}</code>` : ''}</td>
<td>${profileChoice(result.profile, r.gap.profileKey) ? html`<pre class="json">${profileChoice(result.profile, r.gap.profileKey)}</pre>` : ''}</td>
<td>${r.gap.observedBy ? html`<a href="#${ruleAnchor(r.gap.observedBy)}"><code>${r.gap.observedBy}</code></a>` : ''}</td>
<td>${r.verdict ? html`<span class="badge ${r.verdict}">${VERDICT_LABEL[r.verdict]}</span> ` : ''}${r.observation ?? (r.gap.observedBy ? 'not run' : '')}${bodiesHtml(r.exchanges)}</td></tr>`,
  )}${others.map(
    (
      r,
    ) => html`<tr data-rule="${r.id}"><td></td><td>${r.section}</td><td>${r.statement}</td><td></td><td></td><td><a href="#${ruleAnchor(r.id)}"><code>${r.id}</code></a></td>
<td><span class="badge ${r.verdict}">${VERDICT_LABEL[r.verdict]}</span> ${r.observation ?? r.skipReason ?? ''}${bodiesHtml(r.exchanges)}</td></tr>`,
  )}</tbody></table></section>`;
}

const STATEMENT_BADGE: Record<StatementVerdict, string> = {
  fail: 'fail',
  pass: 'pass',
  skip: 'skip',
  observed: 'observed',
  'not-run': 'skip',
  restated: 'skip',
  unchecked: 'skip',
};

/** Every statement of the spec, quoted, with its rules and their verdicts: what of the spec this run checked. */
export function specCoverageSection(result: RunResult): Markup {
  const t = specCoverageTotals(result.specCoverage);
  const sections = [...new Set(result.specCoverage.map((s) => s.section))];
  const ruleBadge = (r: SpecCoverage[number]['rules'][number]) =>
    html`<a href="#${ruleAnchor(r.id)}"><code>${r.id}</code></a> <span class="badge ${r.verdict ?? 'skip'}">${r.verdict ? VERDICT_LABEL[r.verdict] : 'NOT RUN'}</span>`;
  const detail = (s: SpecCoverage[number]) =>
    s.rules.length
      ? html`${s.rules.map((r) => html`${ruleBadge(r)}<br>`)}`
      : s.restatedBy?.length
        ? html`restated by ${s.restatedBy.map((id) => html`<a href="#stmt-${id}"><code>${id}</code></a> `)}`
        : html`<span class="muted">${s.reason ?? ''}</span>`;
  return html`<section id="spec-coverage"><h2>Spec coverage</h2>
<p>${result.specCoverage.length} statements of the spec: ${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t['not-run']} not run, ${t.observed} observed only, ${t.restated} restated elsewhere, ${t.unchecked} not checkable (reason given).</p>
${sections.map((section) => {
  const statements = result.specCoverage.filter((s) => s.section === section);
  const failing = statements.filter((s) => s.verdict === 'fail').length;
  // Folded unless one of its statements failed: the spec has hundreds of statements (issue 29 §9).
  return html`<details class="statements"${failing ? raw(' open') : ''}><summary><h3>${section}</h3> <span class="muted">${statements.length} statements${failing ? `, ${failing} failed` : ''}</span></summary><table class="statements"><thead><tr><th>statement</th><th>the spec says</th><th>rules</th><th>verdict</th></tr></thead><tbody>
${statements.map(
  (s) =>
    html`<tr id="stmt-${s.id}" data-verdict="${s.verdict}"><td><code>${s.id}</code></td><td>“${s.quote}”</td><td>${detail(s)}</td><td><span class="badge ${STATEMENT_BADGE[s.verdict]}">${s.verdict.toUpperCase()}</span></td></tr>`,
)}</tbody></table></details>`;
})}
</section>`;
}
