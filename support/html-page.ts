import { esc } from './html-escape.ts';

// One self-contained HTML page a person reads (run's report.html, simulate's simulation.html, load's load.html): inline CSS, no script, no
// external asset, and a Content-Security-Policy that forbids fetching anything, so opening it never touches the
// network. Every report section shares this stylesheet.

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#1d2430}
h1{font-size:1.5em;margin:.2em 0}h2{border-bottom:1px solid #ccd;padding-bottom:.2em;margin-top:2em}
code,pre{font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace}
pre{background:#f4f5f8;border:1px solid #dde;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
pre.curl{background:#10151f;color:#e8edf5;user-select:all}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #dde;padding:.25em .5em;text-align:left;vertical-align:top}
table.summary td,table.coverage td{text-align:center}tr.has-fail th{color:#b00020}
.verdict{display:inline-block;font-weight:700;padding:.2em .8em;border-radius:4px;color:#fff}
.verdict.pass{background:#1b7f3b}.verdict.fail{background:#b00020}.verdict.interrupted{background:#8a5a00}.verdict.error{background:#5a2a8a}
.badge{display:inline-block;font-size:11px;font-weight:700;padding:0 .4em;border-radius:3px;color:#fff;background:#667}
.badge.pass{background:#1b7f3b}.badge.fail{background:#b00020}.badge.skip{background:#8a8f98}.badge.observed{background:#2f5fb3}
.baseline{font-size:11px;border:1px solid #999;border-radius:3px;padding:0 .3em}
details.rule{border:1px solid #dde;border-radius:4px;margin:.3em 0;padding:.3em .6em}
details.rule.fail{border-color:#b00020}details.rule>summary{cursor:pointer}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em}dt{color:#556}dd{margin:0}
.exchange{border-left:3px solid #ccd;padding-left:.6em;margin:.6em 0}.muted{color:#778}.error,.message{color:#b00020}
td.cov.exercised{background:#dff3e4;color:#1b7f3b}td.cov.failed{background:#fbe0e4;color:#b00020;font-weight:700}
td.cov.not-exercised{background:#f6f6f6;color:#999}td.na{background:#fff}
span.cov{padding:0 .3em}span.cov.exercised{background:#dff3e4}span.cov.failed{background:#fbe0e4}span.cov.not-exercised{background:#f0f0f0}
nav#contents{border:1px solid #dde;border-radius:4px;padding:.2em 1em .6em;margin:1em 0}nav#contents h2{margin:.4em 0;border:0;font-size:1.1em}
nav#contents ol{margin:.2em 0;padding-left:1.4em}nav#contents ol.areas{columns:3 14em;font-size:13px}nav#contents li.has-fail>a{color:#b00020;font-weight:700}
details.area>summary,details.statements>summary{cursor:pointer;margin:.8em 0 .3em}details.area>summary h3,details.statements>summary h3{display:inline;font-size:1.1em}
a.to-contents{position:fixed;right:1em;bottom:1em;background:#fff;border:1px solid #ccd;border-radius:4px;padding:.2em .6em;font-size:12px}table.coverage{font-size:12px}table.coverage th{white-space:nowrap}
/* A wide or tall table scrolls inside its own box, both scroll bars in view, its header row and first column kept in sight. */
.scroll{overflow:auto;max-height:75vh;max-width:100%;border:1px solid #dde}.scroll>table{margin:0}
.scroll thead th{position:sticky;top:0;background:#fff;z-index:1}.scroll tbody th{position:sticky;left:0;background:#fff}
pre.json{max-height:20em;overflow:auto;white-space:pre-wrap;word-break:normal;overflow-wrap:anywhere}
td{overflow-wrap:anywhere}table.coverage td,table.summary td{overflow-wrap:normal}
ol.causes>li{margin:.6em 0}svg{max-width:100%;height:auto}
table.observations{table-layout:fixed;width:100%}table.observations td,table td.message{overflow-wrap:anywhere}
table.statements{table-layout:fixed;width:100%;font-size:13px}table.statements th:first-child{width:16em}table.statements th:nth-child(3){width:22em}table.statements th:last-child{width:7em}table.statements td{overflow-wrap:anywhere}
table.observations th{width:7.5em}table.observations th:nth-child(3){width:11em}table.observations th:last-child{width:auto}
`;

/** The run's page (simulate and load name theirs for themselves, so one directory holds every command's). */
export const REPORT_HTML = 'report.html';

/** The page around `body` (markup whose every value is already escaped); `title` is escaped here. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}</style></head>
<body>
${body}
</body></html>
`;
}
