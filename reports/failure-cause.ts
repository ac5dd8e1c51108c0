import { departureKey, describeDeparture, type Departure } from '../sut/departure.ts';

// What a failure says went wrong, apart from where it was seen (issue 23 §2): one wrong member type fails every
// rule that reads a problem body with the same finding, so failures are grouped by it, and a baseline remembers
// it, so that a known-failing rule that starts failing in another way is reported as new. A message is
// `[METHOD] path: status — expected X, but Y (rule-id)` (sut/failure-text.ts): the finding is Y when there is
// one, else `status — expected X`; the key is that text without what changes from run to run (run ids,
// e-mails, URLs, quoted values, counts), so the same fault gives the same key in every run. A check that can tell
// what the target did records it as a departure (sut/departure.ts, issue 29 item 4): then the cause is that, keyed
// by kind, member or header and value, and the message's words serve only a failure that carries none. The note
// "inferred by init: check …" a message may end with says where to look, not what went wrong: no key holds it.

export interface FailureCause {
  /** What went wrong, as the first failure said it. */
  text: string;
  /** The same, with what varies between runs replaced: equal keys are one cause. */
  key: string;
}

const RULE_SUFFIX = /\s*\((?:[a-z0-9-]+\/)+[^\s()]+\)\s*$/;
/** The inferred-values note after the rule id (sut/infer/provenance.ts inferredNote). */
const INFERRED_NOTE = /(?<=\))\s+— inferred by (?:init|this run)\b[^\n]*$/;
/** `[GET] /v3/x?y=1: ` before the status (or `no status`) that starts what the target answered. */
const REQUEST_PREFIX = /^\[[A-Z]+\] [\s\S]*?: (?=(?:\d{3}|no status)(?: —|,|$))/;
const MAX_KEY = 240;
/**
 * A message quotes what the target sent, of any length (a catalog name of 100,000 characters): the patterns below
 * try every position, so they read a bounded window — the key keeps MAX_KEY characters anyway, and a rule id is short.
 */
const KEY_WINDOW = 2_000;
const SUFFIX_WINDOW = 200;
/** The note names at most four keys of each kind (inferredNote): it ends a message within this much. */
const NOTE_WINDOW = 600;

const VARIABLE: readonly [RegExp, string][] = [
  [/https?:\/\/[^\s'",;)]+/g, '<url>'],
  [/[^\s'"<>(),;:[\]/]+@[^\s'"<>(),;:[\]/]+/g, '<e-mail>'],
  [/"(?:[^"\\]|\\.)*"/g, '"…"'],
  // Path segments that name something of this run: ids, run-prefixed tokens, long values.
  [/\/(?!v3\b)[^\s/?:;,'"]*\d[^\s/?:;,'"]*/g, '/…'],
  [/\b(?=[a-z0-9]{6,}\b)(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]+\b/gi, '…'],
  [/\b\d+(?:\.\d+)?( ?(?:ms|s|seconds|bytes|[KMG]i?B|characters|days))\b/g, 'N$1'],
  // Other counts; a three-digit number from 100 to 599 is kept, as it is most likely a status code.
  [/\b(?![1-5]\d\d\b)\d+(?:\.\d+)?\b/g, 'N'],
];

/** The finding of a failure message, and its key. */
export function failureCause(full: string): FailureCause {
  const from = Math.max(0, full.length - NOTE_WINDOW);
  const noteAt = INFERRED_NOTE.exec(full.slice(from));
  const message = noteAt ? full.slice(0, from + noteAt.index) : full;
  const tail = message.slice(-SUFFIX_WINDOW);
  const suffix = RULE_SUFFIX.exec(tail);
  const bare = (suffix ? message.slice(0, message.length - tail.length + suffix.index) : message).trim();
  const answered = bare.replace(REQUEST_PREFIX, '');
  const but = answered.indexOf(', but ');
  const text = but >= 0 && answered.lastIndexOf(' — expected ', but) >= 0 ? answered.slice(but + ', but '.length) : answered;
  let key = text.slice(0, KEY_WINDOW);
  for (const [pattern, by] of VARIABLE) key = key.replace(pattern, by);
  key = key.replace(/\s+/g, ' ').trim();
  return { text, key: key.length > MAX_KEY ? `${key.slice(0, MAX_KEY)}…` : key };
}

/** A failure's cause: its departure when the check recorded one, else the finding of its message. */
export function causeOf(r: { message?: string | undefined; departure?: Departure | undefined }): FailureCause {
  if (r.departure) return { text: describeDeparture(r.departure), key: departureKey(r.departure) };
  return failureCause(r.message ?? 'failed');
}

/**
 * Whether a cause key as baselines before issue 29 wrote it (the message's finding) names the failure `message`
 * now: compared without the rule id and the inferred-values note that followed the finding there (so a profile
 * edit changed the key and broke the baseline); a key cut at MAX_KEY characters, by what it kept.
 */
export function legacyCauseMatches(key: string, message: string): boolean {
  const now = failureCause(message).key;
  const noted = key.replace(/\s*— inferred by [\s\S]*$/, '');
  const bare = noted.replace(/\s*\((?:[a-z0-9-]+\/)+[^\s()]+\)$/, '');
  if (bare === now) return true;
  if (!key.endsWith('…')) return false;
  const kept = key
    .slice(0, -1)
    .replace(/\s*— inferred by[\s\S]*$/, '')
    .replace(/\s*\((?:[a-z0-9-]+\/?)*[^\s()]*$/, '');
  return kept.length >= 40 && now.replace(/…$/, '').startsWith(kept);
}
