import { outputFileFlag } from './flags.ts';

// --har FILE (issue 29 §8), on `run` and `simulate`: every exchange with the target as one HAR 1.2 file (api/har-file.ts), which
// browser devtools, proxies and HAR viewers open; redacted as the reports are.

export const HAR_OPTIONS = {
  har: { type: 'string' },
} as const;

export const HAR_USAGE = [
  '--har FILE writes every exchange with the target (its set-up, the traffic, the restores) as one HAR 1.2 file, secrets',
  '  redacted as in the reports; response bodies past 64 KiB are cut, saying so. Its directory must exist.',
];

/** --har, checked as a file the command may write (absolute). */
export async function harFlag(v: { har?: string | undefined }): Promise<{ har?: string }> {
  return v.har === undefined ? {} : { har: await outputFileFlag('har', v.har) };
}
