import { rename, writeFile } from 'node:fs/promises';
import { checkProfile, ProfileError, readProfileJson } from '../api/profile.ts';
import { openApiDocument } from '../api/rules.ts';
import { UsageError } from '../support/errors.ts';
import { outputFileFlag, parseFlags } from './flags.ts';

// `vmp-conformance openapi [--out FILE] [--profile FILE]`: the spec as an OpenAPI 3.1 document (JSON), built
// from models/ (openapi/document.ts). The profile is read as written: its `${ENV}` references are not resolved,
// and no credential reaches the document.

export const OPENAPI_USAGE = [
  'Usage: vmp-conformance openapi [--out FILE] [--profile FILE]',
  'Writes the spec as an OpenAPI 3.1 document (JSON) to --out, or to standard output: every path, method, parameter',
  'with its limits, documented status, media type and model; what the spec leaves open is marked x-vmp-gap.',
  "--profile fills in a target profile's choices (auth scheme, media-type selection, topics, request body members).",
];

export async function openapiCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseFlags({
    args: argv,
    options: { out: { type: 'string' }, profile: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    for (const line of OPENAPI_USAGE) out(line);
    return 0;
  }
  const file = values.out === undefined ? undefined : await outputFileFlag('out', values.out);
  let profile;
  try {
    profile = values.profile === undefined ? undefined : checkProfile(await readProfileJson(values.profile));
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--profile: ${error.message}`);
    throw error;
  }
  const text = JSON.stringify(openApiDocument(profile ? { profile } : {}), null, 2);
  if (file === undefined) {
    for (const line of text.split('\n')) out(line);
    return 0;
  }
  // Written under a temporary name and renamed into place: a reader sees the old document or the whole new one.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${text}\n`);
  await rename(temporary, file);
  out(`wrote ${file}`);
  return 0;
}
