import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIETS, type Guest, guestNeeds } from './guest-needs.js';

const guest = fc.record({
  name: fc.constantFrom('Anna', 'Ben', 'Clara', 'Dana'),
  teamNumber: fc.integer({ min: 1, max: 3 }),
  diets: fc.record({ vegetarian: fc.boolean(), vegan: fc.boolean(), lactose: fc.boolean(), gluten: fc.boolean() }),
  note: fc.constantFrom('', 'no nuts', ' no nuts ', 'no fish'),
});

const person = (name: string, teamNumber: number, diets: Partial<Guest['diets']>, note = ''): Guest => ({
  name,
  teamNumber,
  diets: { vegetarian: false, vegan: false, lactose: false, gluten: false, ...diets },
  note,
});

describe('guestNeeds', () => {
  it('counts per person, lists each guest team with a need, and each note once with whoever wrote it', () => {
    const needs = guestNeeds([
      person('Anna', 2, { vegetarian: true }, 'no nuts'),
      person('Ben', 2, { vegetarian: true, lactose: true }, 'no nuts'),
      person('Clara', 5, {}),
      person('Dana', 5, {}, 'no fish'),
    ]);
    expect(needs).toEqual({
      vegetarian: 2,
      vegan: 0,
      lactose: 1,
      gluten: 0,
      guests: [{ names: 'Anna, Ben', vegetarian: 2, vegan: 0, lactose: 1, gluten: 0 }],
      notes: [
        { names: 'Anna, Ben', note: 'no nuts' },
        { names: 'Dana', note: 'no fish' },
      ],
    });
  });

  it('adds up: the teams’ counts are the totals, every note is there once, every guest with a need is named', () => {
    fc.assert(
      fc.property(fc.array(guest, { maxLength: 8 }), (guests) => {
        const needs = guestNeeds(guests);
        for (const diet of DIETS) {
          expect(needs.guests.reduce((sum, team) => sum + team[diet], 0)).toBe(needs[diet]);
          expect(needs[diet]).toBe(guests.filter((g) => g.diets[diet]).length);
        }
        const distinct = new Set(guests.map((g) => g.note.trim()).filter((n) => n !== ''));
        expect(needs.notes.map((n) => n.note).sort()).toEqual([...distinct].sort());
        const named = needs.guests.flatMap((team) => team.names.split(', '));
        for (const g of guests) if (DIETS.some((d) => g.diets[d])) expect(named).toContain(g.name);
      }),
    );
  });
});
