import type { TargetClient } from '../sut/client.ts';
import type { Operation } from './load-mix.ts';

// An operation of the mix whose every answer is non-2xx is most likely sending something this target does not
// have (a catalog value, a fixture), not failing under load: `load` and the k6 export name it as such, so a broken
// errors<X% threshold is not read as the target's fault.

export interface MixProblem {
  operation: string;
  path: string;
  answers: number;
  /** The answers' statuses and how many of each. */
  statusCodes: Record<string, number>;
}

/** Operations that were answered and never with a 2xx, from their answered count and non-2xx statuses. */
export function mixProblems(ops: readonly Operation[], answered: (op: Operation) => { answers: number; non2xx: Record<string, number> }): MixProblem[] {
  const problems: MixProblem[] = [];
  for (const op of ops) {
    const { answers, non2xx } = answered(op);
    const failed = Object.values(non2xx).reduce((a, b) => a + b, 0);
    if (answers > 0 && failed === answers) problems.push({ operation: op.id, path: op.path, answers, statusCodes: non2xx });
  }
  return problems;
}

export function mixProblemLine(p: MixProblem): string {
  const statuses = Object.entries(p.statusCodes)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ');
  return (
    `probable mix problem: every answer to ${p.operation} (GET ${p.path}) was non-2xx (${statuses}): ` +
    'the mix likely sends a value this target does not have (check the profile: catalogKeys, fixtures), or leave it out with --mix'
  );
}

/** The export sends no load: it asks each operation once, as written in the script, and names the ones refused. */
export async function probeMix(client: TargetClient, ops: readonly Operation[]): Promise<MixProblem[]> {
  const answers = new Map<Operation, number | undefined>();
  for (const op of ops)
    answers.set(op, (await client.send({ method: 'GET', path: op.path, app: null, headers: op.headers, endpointId: op.endpointId })).status);
  return mixProblems(ops, (op) => {
    const status = answers.get(op);
    return { answers: status === undefined ? 0 : 1, non2xx: status !== undefined && (status < 200 || status > 299) ? { [status]: 1 } : {} };
  });
}
