// --discard-unrestorable-webhooks, shared by `run` and `simulate` (issue 13, item 5): without it a webhook topic
// that is configured and could not be put back as it is (sut/webhook-restore.ts) is never touched, and what
// needs it skips with the reason; with it the topic is changed and restored as far as possible, the rest lost.

export const DISCARD_OPTIONS = {
  'discard-unrestorable-webhooks': { type: 'boolean', default: false },
} as const;

export const DISCARD_USAGE = [
  '--discard-unrestorable-webhooks: also change configured webhook topics whose configuration cannot be put back as it is',
  '  (what each restore loses is printed); without it they stay untouched and the checks that need them skip.',
];
