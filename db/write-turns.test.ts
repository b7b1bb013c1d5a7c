import { describe, expect, it } from 'vitest';
import { WriteTurns } from './write-turns.js';

describe('the write turns of one process', () => {
  it('are given one at a time, in the order asked for', async () => {
    const turns = new WriteTurns();
    const order: number[] = [];
    const first = await turns.take();
    const later = [1, 2, 3].map(async (n) => {
      const release = await turns.take();
      order.push(n);
      return release;
    });
    expect(order).toEqual([]);
    first();
    first(); // a second release of the same turn gives nothing away
    for (const turn of later) (await turn)();
    expect(order).toEqual([1, 2, 3]);
    (await turns.take())();
  });
});
