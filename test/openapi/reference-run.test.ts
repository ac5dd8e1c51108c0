import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../openapi/document.ts';
import { checkProfile, readProfileJson } from '../../sut/profile-load.ts';
import type { Profile } from '../../sut/profile.ts';
import type { MutantRequest } from '../mutants/exchange.ts';
import { startMutantProxy } from '../mutants/proxy.ts';
import { ALT_PROFILE_FILE, freshReference, loadProfile, PROFILE_FILE, runCli, type CliRun } from '../mutants/run-cli.ts';
import { ResponseChecker, type RecordedExchange, type Verdict } from './response-check.ts';

// Issue 16: every response the reference server gives during a conformance run validates against the OpenAPI
// document, judged by Ajv (response-check.ts), not by our zod models: a cross-check of the models, the catalog
// and the document by code we did not write. The run goes through a pass-through proxy (the mutant gallery's,
// with a fault that only records) to a reference server of its own, once per reference profile; each run's
// exchanges are judged by the document built without a profile and by the one built with the run's profile.

/**
 * Answers outside the document, each for a reason the spec leaves open (Errors: "Responses for authentication
 * failure … : not shown"; a body labelled other than "(json or text/json)" gets an answer not shown, the
 * profile's bodyTypeRefusal, models/body-type-refusal.ts; RFC 9110 for the rest); anything else outside the
 * document fails.
 */
const OUTSIDE: readonly RegExp[] = [
  /^a path the document does not have$/,
  /^\w+ is not an operation of /,
  /^no credentials of an app$/,
  /^a media type the operation does not offer \(406\)$/,
  /^a request body of a media type the operation does not take \(415\)$/,
  /^a request target past 8000 octets/,
];

/** Documented responses the reference server has no occasion to give. */
const NEVER_ANSWERED: readonly RegExp[] = [
  // Codes beyond those listed are not shown; the reference answers none.
  / default$/,
  // The preamble's 400 on rows with no parameter, and Colores' two optional free-text parameters: nothing to refuse.
  /^GET \/v3\/(appnotificaciones|carrocerias|colores) 400 /,
  // The resend payload's media type is not shown; the reference answers application/json.
  /^POST \/v3\/consultas\/\{adminMail\}\/\{sid\}\/resendwebhook 202 (text\/json|application\/vnd\.service\.entry\+json)$/,
];

/** The media type a request named, the way the profile says requests name one. */
function asked(req: MutantRequest, profile: Profile): string | undefined {
  const selection = profile.mediaTypeSelection;
  return 'query' in selection ? (req.query.get(selection.query) ?? undefined) : req.headers[selection.header.toLowerCase()];
}

interface ProfiledRun {
  run: CliRun;
  exchanges: RecordedExchange[];
  plain: ResponseChecker;
  profiled: ResponseChecker;
  profiledDoc: Record<string, unknown>;
}

/** Every (operation, response, media type) of a document, written as the checker's verdicts name them. */
function documentedCells(doc: Record<string, unknown>): string[] {
  const paths = doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) =>
      Object.entries(op.responses).flatMap(([key, r]) => {
        const id = `${method.toUpperCase()} ${path} ${key}`;
        return r.content ? Object.keys(r.content).map((m) => `${id} ${m}`) : [id];
      }),
    ),
  );
}

async function recordedRun(profileFile: string): Promise<ProfiledRun> {
  const profile = await loadProfile(profileFile);
  const reference = await freshReference(profile);
  const exchanges: RecordedExchange[] = [];
  const proxy = await startMutantProxy({
    upstream: reference.url,
    profile,
    fault: {
      response(req, res) {
        const named = asked(req, profile);
        exchanges.push({
          method: req.method,
          url: req.url,
          authenticated: req.app !== undefined,
          ...(named ? { asked: named } : {}),
          ...(req.headers['content-type'] ? { contentType: req.headers['content-type'] } : {}),
          status: res.status,
          headers: res.headers,
          body: res.body,
        });
      },
    },
  });
  try {
    const run = await runCli({ baseUrl: proxy.url, profileFile, seed: 1, timeoutMs: 20_000, killAfterMs: 170_000 });
    const profiledDoc = openApiDocument({ profile: checkProfile(await readProfileJson(profileFile)) });
    return { run, exchanges, plain: new ResponseChecker(openApiDocument()), profiled: new ResponseChecker(profiledDoc), profiledDoc };
  } finally {
    await proxy.close();
    await reference.close();
  }
}

function judge(checker: ResponseChecker, exchanges: RecordedExchange[]) {
  const verdicts = exchanges.map((x) => checker.check(x));
  const of = <K extends Verdict['kind']>(kind: K) => verdicts.filter((v): v is Extract<Verdict, { kind: K }> => v.kind === kind);
  return { valid: of('valid'), outside: of('outside'), invalid: of('invalid') };
}

const PROFILES = [
  ['profiles/reference.json', PROFILE_FILE],
  ['profiles/reference-alt.json', ALT_PROFILE_FILE],
] as const;

describe.each(PROFILES)('a conformance run against the reference server (%s), judged by the OpenAPI document', (_, file) => {
  let recorded: ProfiledRun;
  beforeAll(async () => {
    recorded = await recordedRun(file);
  }, 200_000);

  it('passes, and sends requests through the recorder', () => {
    expect(recorded.run.code, recorded.run.tail).toBe(0);
    expect(recorded.exchanges.length).toBeGreaterThan(1000);
  });

  it.each(['plain', 'profiled'] as const)('every response validates against the %s document', (which) => {
    const { valid, outside, invalid } = judge(recorded[which], recorded.exchanges);
    const reasons = [...new Set(outside.map((o) => o.reason))];
    console.log(`${which}: ${valid.length} valid, ${outside.length} outside the document (${reasons.slice(0, 12).join('; ')}), ${invalid.length} invalid`);
    expect(invalid.map((i) => i.reason).slice(0, 20)).toEqual([]);
    expect(reasons.filter((r) => !OUTSIDE.some((re) => re.test(r)))).toEqual([]);
    expect(valid.length).toBeGreaterThan(recorded.exchanges.length / 2);
  });

  it('exercises every response and media type the document gives, but those the reference never answers', () => {
    const { valid } = judge(recorded.profiled, recorded.exchanges);
    const seen = new Set(valid.map((v) => `${v.operation} ${v.status} ${v.mediaType ?? ''}`.trim()));
    const unseen = documentedCells(recorded.profiledDoc).filter((cell) => !seen.has(cell));
    console.log(`${seen.size} (operation, response, media type) cells seen; documented, not seen: ${unseen.join(', ')}`);
    expect(unseen.filter((cell) => !NEVER_ANSWERED.some((re) => re.test(cell)))).toEqual([]);
  });
});
