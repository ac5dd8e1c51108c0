import { DEFAULT_TIMEOUT_MS } from '../api/run.ts';
import { RANGES } from '../api/option-checks.ts';
import { restoreTarget } from '../api/restore.ts';
import { UsageError } from '../support/errors.ts';
import { integerFlag, parseFlags } from './flags.ts';
import { baseUrlFlag, draftProfileFlag } from './run-command.ts';
import { TRANSPORT_OPTIONS, TRANSPORT_USAGE, transportOf } from './transport-flags.ts';

// `vmp-conformance restore` (issue 27, item 1): puts back the webhook configurations an interrupted run left
// changed (SIGKILL, OOM, a CI timeout, a restore the target refused), from the journal that run kept on disk,
// each confirmed by a read. Exit 0: restored, or nothing to restore; 1: something could not be (its saved value
// printed, redacted); 2: bad usage; 3: the target cannot be reached.

const OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  journal: { type: 'string' },
  'timeout-ms': { type: 'string', default: String(DEFAULT_TIMEOUT_MS) },
  ...TRANSPORT_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const RESTORE_USAGE = [
  'Usage: vmp-conformance restore --base-url URL --profile FILE [--journal FILE] [--timeout-ms N]',
  'Puts back the webhook configurations a run on this target left changed, from the journal it wrote before changing',
  'them (in the state directory: $VMP_STATE_DIR, else $XDG_STATE_HOME/vmp-conformance, else ~/.local/state/vmp-conformance;',
  'or --journal FILE, such as webhook-journal.json of its report directory). Each topic is read back and compared; one',
  'that someone changed since is left as it is, with a warning. The profile gives the credentials and the values the',
  'journal keeps redacted (a write-only secret of templates.webhookUpsert).',
  ...TRANSPORT_USAGE,
  'Exit codes: 0 restored (or nothing to restore), 1 something could not be restored (its saved value is printed),',
  '  2 bad usage or another run holds the target, 3 target unreachable.',
];

export async function restoreCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values: v } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  if (v.help) {
    for (const line of RESTORE_USAGE) out(line);
    return 0;
  }
  if (!v['base-url']) throw new UsageError('restore needs --base-url: the target whose configurations to put back');
  if (!v.profile) throw new UsageError("restore needs --profile: the target's credentials (the journal keeps none)");
  const baseUrl = baseUrlFlag(v['base-url']);
  const timeoutMs = integerFlag('timeout-ms', v['timeout-ms'], ...RANGES.timeoutMs);
  const transport = transportOf(v, baseUrl);
  const { draft } = await draftProfileFlag(v.profile);
  return restoreTarget({ baseUrl, draft, journal: v.journal, timeoutMs, transport }, out);
}
