import { versionInfo } from '../api/version.ts';
import { parseFlags } from './flags.ts';

// `vmp-conformance version [--json]` (also `--version`, `-v`): the package's version on the first line alone, so a
// script can read it; then the Node.js running it and the API version whose spec the rules enforce.

export const VERSION_USAGE = [
  'Usage: vmp-conformance version [--json]     (also: vmp-conformance --version, vmp-conformance -v)',
  "Prints this package's version, the Node.js version running it and the version of the API whose spec the rules enforce;",
  '--json prints them as one JSON object.',
];

export async function versionCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseFlags({
    args: argv,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    for (const line of VERSION_USAGE) out(line);
    return 0;
  }
  const v = versionInfo();
  if (values.json) out(JSON.stringify(v));
  else for (const line of [`vmp-conformance ${v.version}`, `Node.js ${v.node} (${process.platform} ${process.arch})`, `${v.apiTitle} ${v.api}`]) out(line);
  return 0;
}
