import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type Embedded } from '../../api/embedded.ts';
import { essence } from '../../models/index.ts';
import { openApiDocument } from '../../openapi/document.ts';
import { targetMix } from '../../simulator/load-target-mix.ts';
import { TargetClient } from '../../sut/client.ts';
import { tempDir } from '../support/sim-target.ts';

// issue 24: the document as the ecosystem takes it. openapi-typescript (what TypeScript users generate clients'
// types with) turns it into types that compile under `strict` without `skipLibCheck` — a recursive schema made its
// output fail tsc (TS2502) —, and the reference server's real answers type-check against those types.

// biome-ignore lint/suspicious/noExplicitAny: a JSON document walked by key
type Json = Record<string, any>;

let embedded: Embedded;
let reference: Json;

beforeAll(async () => {
  embedded = await startEmbedded();
  reference = openApiDocument({ profile: embedded.profile }) as Json;
}, 60_000);

afterAll(async () => {
  await embedded?.close();
});

/** tsc under strict, without skipLibCheck, on the given files: its diagnostics, one line each. */
function compile(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** openapi-typescript's types of a document, written to DIR/api.d.ts. */
async function generated(doc: Json, dir: string): Promise<string> {
  const file = path.join(dir, 'api.d.ts');
  await writeFile(file, astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0])));
  return file;
}

/** The path template of the document that a request path fills in. */
function templateOf(doc: Json, requestPath: string): string {
  const segments = requestPath.split('/');
  const found = Object.keys(doc.paths).find((t) => {
    const parts = t.split('/');
    return parts.length === segments.length && parts.every((p, i) => p.startsWith('{') || p === segments[i]);
  });
  if (!found) throw new Error(`no path of the document for ${requestPath}`);
  return found;
}

/** Real answers of the reference server: every GET of load's mix, and a 400 with its validation problem. */
async function referenceAnswers(): Promise<{ label: string; template: string; status: number; mediaType: string; body: unknown }[]> {
  const mix = await targetMix({ baseUrl: embedded.baseUrl, profile: embedded.profile, timeoutMs: 5_000 });
  const client = new TargetClient({ baseUrl: embedded.baseUrl, profile: embedded.profile, timeoutMs: 5_000, secrets: [] });
  const requests = [
    ...mix.operations.map((op) => ({ label: op.id, path: op.path, headers: op.headers })),
    { label: 'ciudades-list without q or region', path: '/v3/ciudades', headers: client.headersFor('primary', 'json') },
  ];
  try {
    const answers = [];
    for (const r of requests) {
      const res = await client.send({ method: 'GET', path: r.path, app: null, headers: r.headers });
      if (res.json === undefined) continue;
      const pathOnly = new URL(r.path, embedded.baseUrl).pathname;
      answers.push({
        label: r.label,
        template: templateOf(reference, decodeURIComponent(pathOnly)),
        status: res.status!,
        mediaType: essence(res.headers['content-type']!),
        body: res.json,
      });
    }
    return answers;
  } finally {
    await client.close();
  }
}

describe('the OpenAPI document through openapi-typescript', () => {
  it('generates types that compile under strict, without skipLibCheck, with and without a profile', async () => {
    for (const doc of [openApiDocument() as Json, reference]) {
      const dir = await tempDir('vmp-openapi-ts-');
      expect(compile([await generated(doc, dir)])).toEqual([]);
    }
  }, 60_000);

  it("type-checks the reference server's real answers against the generated types", async () => {
    const dir = await tempDir('vmp-openapi-ts-');
    await generated(reference, dir);
    const answers = await referenceAnswers();
    expect(answers.length).toBeGreaterThan(15);
    expect(answers.some((a) => a.status === 400)).toBe(true);
    const typeOf = (a: (typeof answers)[number]) =>
      `paths[${JSON.stringify(a.template)}]['get']['responses'][${a.status}]['content'][${JSON.stringify(a.mediaType)}]`;
    const lines = [
      "import type { paths } from './api';",
      ...answers.map((a, i) => `// ${a.label}\nexport const answer${i}: ${typeOf(a)} = ${JSON.stringify(a.body)};`),
    ];
    const checked = path.join(dir, 'answers.ts');
    await writeFile(checked, `${lines.join('\n')}\n`);
    expect(compile([checked])).toEqual([]);

    // …and the check can fail: an answer whose member has the wrong type, or lacks a required one.
    const consulta = answers.find((a) => a.label === 'consultas-get')!;
    const broken = { ...(consulta.body as Json), Momento: 20_240_101 };
    const { Auto: _auto, ...noAuto } = consulta.body as Json;
    const wrong = path.join(dir, 'wrong.ts');
    await writeFile(
      wrong,
      [
        "import type { paths } from './api';",
        `export const a: ${typeOf(consulta)} = ${JSON.stringify(broken)};`,
        `export const b: ${typeOf(consulta)} = ${JSON.stringify(noAuto)};`,
      ].join('\n'),
    );
    const problems = compile([wrong]).join('\n');
    expect(problems).toMatch(/wrong\.ts:2 TS2322: Type 'number' is not assignable to type 'string'/);
    expect(problems).toMatch(/wrong\.ts:3 [\s\S]*Property 'Auto' is missing/);
  }, 120_000);
});
