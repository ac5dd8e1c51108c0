import { describe, expect, it } from 'vitest';
import { allColumns, columnsOf, coverageMatrix, coverageTotals } from '../../reports/coverage-matrix.ts';
import { documentedStatuses, endpoint, ENDPOINTS } from '../../models/index.ts';

describe('coverageMatrix', () => {
  const matrix = coverageMatrix([
    { endpoint: 'home', cell: '200', outcome: 'exercised' },
    { endpoint: 'home', cell: '200', outcome: 'failed' },
    { endpoint: 'home', cell: 'media:json', outcome: 'exercised' },
    { endpoint: 'home', cell: '500', outcome: 'exercised' },
    { endpoint: 'agencias-get', cell: '404', outcome: 'exercised' },
  ]);

  it('has one row per catalog endpoint, with its documented statuses and offered media types as columns', () => {
    expect(matrix.map((r) => r.endpoint)).toEqual(ENDPOINTS.map((e) => e.id));
    const home = matrix.find((r) => r.endpoint === 'home')!;
    expect(home.columns.map((c) => c.cell)).toEqual(columnsOf(endpoint('home')));
    expect(home.columns.map((c) => c.cell)).toEqual([...documentedStatuses(endpoint('home')).map(String), 'media:json', 'media:textJson', 'media:entry']);
  });

  it('marks cells exercised, failed (a failure anywhere wins) or not exercised', () => {
    const home = new Map(matrix.find((r) => r.endpoint === 'home')!.columns.map((c) => [c.cell, c.state]));
    expect(home.get('200')).toBe('failed');
    expect(home.get('304')).toBe('not-exercised');
    expect(home.get('media:json')).toBe('exercised');
    expect(home.get('media:entry')).toBe('not-exercised');
    const get = new Map(matrix.find((r) => r.endpoint === 'agencias-get')!.columns.map((c) => [c.cell, c.state]));
    expect(get.get('404')).toBe('exercised');
  });

  it('lists statuses an endpoint answered but does not document apart from the columns', () => {
    expect(matrix.find((r) => r.endpoint === 'home')!.undocumented).toEqual([{ cell: '500', state: 'exercised' }]);
  });

  it('gives one header for the table, statuses in numeric order then media forms', () => {
    const columns = allColumns(matrix);
    const statuses = columns.filter((c) => !c.startsWith('media:')).map(Number);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(columns.slice(statuses.length).every((c) => c.startsWith('media:'))).toBe(true);
    expect(columns).toContain('media:ref');
  });

  it('counts cells by state', () => {
    const t = coverageTotals(matrix);
    expect(t.failed).toBe(1);
    expect(t.exercised).toBe(2);
    expect(t.exercised + t.failed + t['not-exercised']).toBe(matrix.reduce((n, r) => n + r.columns.length, 0));
  });
});
