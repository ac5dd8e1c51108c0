import { RANGES } from '../api/option-checks.ts';
import { UsageError } from '../support/errors.ts';
import { integerFlag } from './flags.ts';

// `run`'s flags that choose which checks run and when the run stops short (issue 29 §8): --endpoint and --method
// beside the rule-id globs (--only, --exclude), as Schemathesis' -E/-M; --bail and --max-failures N, as pytest's
// -x/--maxfail. --endpoint and --method may be repeated or given comma lists: each is alternatives.

export const SELECTION_OPTIONS = {
  endpoint: { type: 'string', multiple: true },
  method: { type: 'string', multiple: true },
  bail: { type: 'boolean', default: false },
  'max-failures': { type: 'string' },
} as const;

export const SELECTION_USAGE = [
  '--endpoint PATTERN runs the rules about the endpoints whose id (consultas-get) or path (/v3/consultas/*) matches the glob;',
  '  --method METHOD those about endpoints of that method. Both repeat or take comma lists, and intersect with --only/--exclude.',
  '--bail stops at the first failed rule, --max-failures N at the Nth (failures a --baseline lists do not count): the checks not',
  '  started are reported as skipped "not run: --max-failures reached", and what the run changed is restored as on any end.',
];

export interface SelectionValues {
  endpoint?: string[] | undefined;
  method?: string[] | undefined;
  bail: boolean;
  'max-failures'?: string | undefined;
}

/** The values as run's settings: the lists joined as comma lists, --bail as --max-failures 1. */
export function selectionFlags(v: SelectionValues): { endpoint?: string; method?: string; maxFailures?: number } {
  if (v.bail && v['max-failures'] !== undefined) throw new UsageError('--bail is --max-failures 1: give one of them');
  const list = (flag: string, values: string[] | undefined) => {
    if (values === undefined) return undefined;
    if (values.some((x) => x.trim() === '')) throw new UsageError(`--${flag} must not be empty`);
    return values.join(',');
  };
  const endpoint = list('endpoint', v.endpoint);
  const method = list('method', v.method);
  const maxFailures = v.bail ? 1 : v['max-failures'] === undefined ? undefined : integerFlag('max-failures', v['max-failures'], ...RANGES.maxFailures);
  return {
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(method !== undefined ? { method } : {}),
    ...(maxFailures !== undefined ? { maxFailures } : {}),
  };
}
