import { describe, expect, it } from 'vitest';
import { weightedSequence, type Operation } from '../../simulator/load-mix.ts';

const op = (id: string, weight: number): Operation => ({ id, endpointId: id, path: `/v3/${id}`, headers: {}, weight });

describe('weightedSequence', () => {
  it('follows the weights, interleaved, cut to the part that repeats', () => {
    expect(weightedSequence([op('a', 1)]).map((o) => o.id)).toEqual(['a']);
    expect(weightedSequence([op('a', 1), op('b', 1)]).map((o) => o.id)).toEqual(['a', 'b']);
    const fiveThreeTwo = weightedSequence([op('a', 0.5), op('b', 0.3), op('c', 0.2)]).map((o) => o.id);
    expect(fiveThreeTwo).toHaveLength(10);
    expect(fiveThreeTwo.filter((id) => id === 'a')).toHaveLength(5);
  });

  it('keeps the full length when nothing shorter repeats', () => {
    const sequence = weightedSequence([op('a', 0.37), op('b', 0.63)]);
    expect(sequence).toHaveLength(250);
    expect(sequence.filter((o) => o.id === 'a').length).toBeCloseTo(92.5, -1);
  });
});
