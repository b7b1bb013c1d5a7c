import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue, type QueuePlace } from './fair-queue.js';

class Full extends Error {}
class OwnerBusy extends Error {}

const OWNERS = ['a', 'b', 'c', 'd'];

/** Enter an owner, or leave the place at an index (modulo the places taken so far). */
const step = fc.oneof(fc.record({ enter: fc.constantFrom(...OWNERS) }), fc.record({ leave: fc.nat() }));

interface Taken {
  owner: string;
  place: QueuePlace;
  granted: boolean;
  left: boolean;
  /** When the place was granted, counted over all grants. */
  grantedAs?: number;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the fair queue', () => {
  it('never runs more than its slots, never lets more wait than allowed, keeps each owner to its places, and grants every place that waits once others leave', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { maxLength: 40 }),
        async (slots, maxWaiting, perOwner, steps) => {
          const queue = new FairQueue({
            slots,
            maxWaiting,
            perOwner,
            full: () => new Full(),
            ownerBusy: () => new OwnerBusy(),
          });
          const taken: Taken[] = [];
          let grants = 0;
          const live = () => taken.filter((t) => !t.left);
          for (const s of steps) {
            if ('enter' in s) {
              const held = live().filter((t) => t.owner === s.enter).length;
              const waiting = live().filter((t) => !t.granted).length;
              const running = live().filter((t) => t.granted).length;
              try {
                const place = queue.enter(s.enter);
                const entry: Taken = { owner: s.enter, place, granted: false, left: false };
                taken.push(entry);
                void place.granted.then(() => {
                  entry.granted = true;
                  entry.grantedAs = grants++;
                });
              } catch (error) {
                // Refused only for a reason: the owner's places, or a full line while every slot runs.
                if (error instanceof OwnerBusy) expect(held).toBeGreaterThanOrEqual(perOwner);
                else expect(error instanceof Full && running >= slots && waiting >= maxWaiting).toBe(true);
              }
            } else if (taken.length > 0) {
              const entry = taken[s.leave % taken.length];
              entry.place.leave();
              entry.left = true;
            }
            await settle();
            const running = live().filter((t) => t.granted).length;
            expect(running).toBeLessThanOrEqual(slots);
            expect(live().filter((t) => !t.granted).length).toBeLessThanOrEqual(maxWaiting);
            // A free slot never stays free while somebody waits.
            if (running < slots) expect(live().every((t) => t.granted)).toBe(true);
            for (const owner of OWNERS)
              expect(live().filter((t) => t.owner === owner).length).toBeLessThanOrEqual(perOwner);
          }
          // Everyone running leaves: everyone waiting gets their turn.
          while (live().length > 0) {
            for (const entry of live().filter((t) => t.granted)) {
              entry.place.leave();
              entry.left = true;
            }
            await settle();
          }
          expect(taken.every((t) => t.granted || t.left)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes the owners in turns: one owner with many waiting places does not keep another waiting behind all of them', async () => {
    const queue = new FairQueue({
      slots: 1,
      maxWaiting: 10,
      perOwner: 10,
      full: () => new Full(),
      ownerBusy: () => new OwnerBusy(),
    });
    const order: string[] = [];
    const places = ['big', 'big', 'big', 'big', 'small'].map((owner) => {
      const place = queue.enter(owner);
      void place.granted.then(() => order.push(owner));
      return place;
    });
    for (const place of places) {
      await settle();
      place.leave();
    }
    await settle();
    // The first big one ran at once; the small one comes right after the next big one.
    expect(order.slice(0, 3)).toEqual(['big', 'big', 'small']);
  });
});
