import path from 'node:path';
import { DEFAULT_TIMEOUT_MS } from '../api/run.ts';
import { RANGES } from '../api/option-checks.ts';
import { UsageError } from '../support/errors.ts';
import { readJournal, stateJournalFile } from '../sut/durable-journal.ts';
import { provisional } from '../sut/infer/infer.ts';
import { restoreJournal, undoneLines } from '../sut/journal-restore.ts';
import { redact } from '../sut/redact.ts';
import { secretsOf } from '../sut/secrets.ts';
import { targetOf } from '../sut/state-dir.ts';
import { lockTarget } from '../sut/target-lock.ts';
import { describeSnapshot } from '../sut/webhook-config.ts';
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
  const profile = provisional(draft);
  const secrets = secretsOf(draft);
  const say = (line: string) => out(redact(`restore: ${line}`, secrets));
  const file = v.journal ? path.resolve(v.journal) : stateJournalFile(baseUrl, profile);
  const lock = await lockTarget({ baseUrl, runId: `restore-${process.pid}`, command: 'restore', out: (l) => say(l.replace(/^\w+: /, '')) });
  try {
    const doc = readJournal(file);
    if (!doc || doc.saved.length === 0) {
      say(`nothing to restore on ${targetOf(baseUrl)}: no unfinished run's journal (${file})`);
      return 0;
    }
    if (targetOf(doc.baseUrl) !== targetOf(baseUrl)) throw new UsageError(`--journal ${file} is of ${doc.baseUrl}, not of --base-url ${baseUrl}`);
    say(`putting back what ${doc.command} (run ${doc.runId}, pid ${doc.pid}, since ${doc.startedAt}) changed (journal: ${file})`);
    const r = await restoreJournal(doc, file, { baseUrl, profile, timeoutMs, secrets, transport });
    for (const s of r.restored) say(`${r.wrote.includes(s) ? 'restored' : 'already as saved:'} ${describeSnapshot(s)} (confirmed by a read)`);
    for (const l of r.left) say(`warning: ${describeSnapshot(l.snapshot)} left as it is: it now holds ${l.now}`);
    const undone = undoneLines(r, secrets);
    if (undone.length === 0) {
      say(`done: ${r.restored.length + r.left.length} webhook topic${r.restored.length + r.left.length === 1 ? '' : 's'} settled; the journal is removed`);
      return 0;
    }
    for (const line of undone) say(`NOT restored ${line}`);
    say(`the journal is kept (${file}): run restore again, or put these back by hand`);
    return 1;
  } finally {
    lock.release();
  }
}
