import { documentedStatuses, ENDPOINTS, type Endpoint } from '../models/index.ts';
import type { CoverageCell } from '../sut/evidence.ts';
import type { CoverageMatrix, CoverageState } from './results.ts';

// The coverage matrix: one row per catalog endpoint; its columns are the statuses the row documents and
// the media types it offers ("media:<form>"), each exercised, not exercised, or failed — from the cells
// the checks recorded. Statuses seen but not documented are listed apart, since they are no column.

export const mediaCell = (form: string): string => `media:${form}`;

export function columnsOf(e: Endpoint): string[] {
  return [...documentedStatuses(e).map(String), ...(e.success.mediaTypes ?? []).map(mediaCell)];
}

export function coverageMatrix(cells: readonly CoverageCell[], endpoints: readonly Endpoint[] = ENDPOINTS): CoverageMatrix {
  const states = new Map<string, CoverageState>();
  for (const c of cells) {
    const key = `${c.endpoint} ${c.cell}`;
    if (c.outcome === 'failed') states.set(key, 'failed');
    else if (!states.has(key)) states.set(key, 'exercised');
  }
  return endpoints.map((e) => {
    const columns = columnsOf(e);
    const undocumented = [...new Set(cells.filter((c) => c.endpoint === e.id && !columns.includes(c.cell) && !c.cell.startsWith('media:')).map((c) => c.cell))]
      .sort()
      .map((cell) => ({ cell, state: states.get(`${e.id} ${cell}`)! }));
    return {
      endpoint: e.id,
      label: `${e.method} ${e.path}`,
      columns: columns.map((cell) => ({ cell, state: states.get(`${e.id} ${cell}`) ?? 'not-exercised' })),
      undocumented,
    };
  });
}

/** Every column any row has, statuses in numeric order then media forms, for a table with one header. */
export function allColumns(matrix: CoverageMatrix): string[] {
  const cells = new Set(matrix.flatMap((row) => row.columns.map((c) => c.cell)));
  const statuses = [...cells].filter((c) => !c.startsWith('media:')).sort((a, b) => Number(a) - Number(b));
  const media = [...cells].filter((c) => c.startsWith('media:'));
  return [...statuses, ...media];
}

export function coverageTotals(matrix: CoverageMatrix): Record<CoverageState, number> {
  const totals: Record<CoverageState, number> = { exercised: 0, 'not-exercised': 0, failed: 0 };
  for (const row of matrix) for (const c of row.columns) totals[c.state] += 1;
  return totals;
}
