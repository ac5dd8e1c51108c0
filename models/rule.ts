// A rule is one normative statement the suites check, traceable to the spec section it comes from.
//   must    — the spec states it; a departure fails the run
//   profile — depends on a choice the spec leaves open, described by the target profile; fails the run
//   observe — the spec does not show it; the target's behaviour is recorded, never failed
export type Level = 'must' | 'profile' | 'observe';
export const LEVELS: readonly Level[] = ['must', 'profile', 'observe'];

export interface Rule {
  id: string;
  level: Level;
  section: string;
  statement: string;
  /** The catalog endpoint the rule is about, when it is about one. */
  endpoint?: string;
}

export const rule = (id: string, level: Level, section: string, statement: string, endpoint?: string): Rule => ({
  id,
  level,
  section,
  statement,
  ...(endpoint ? { endpoint } : {}),
});

/** The spec area of a rule: its first id segment (`limits`, `scoping`, ...). */
export const areaOf = (id: string): string => id.split('/')[0]!;
