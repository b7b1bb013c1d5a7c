import type { Participant } from '@contract/participants';
import { describe, expect, it } from 'vitest';
import { addressLine, canHost, matchesSearch } from './format';

const anna = {
  firstnamePart: 'Anna-Lena',
  lastname: 'Müller-Lüdenscheidt',
  email: 'anna@example.org',
  street: 'Günterstalstraße',
  streetNr: '12a',
  zip: '79100',
  cityName: 'Freiburg',
} as Participant;

describe('the participant search', () => {
  it('finds by any part of the name, the e-mail or the address, in any letter case', () => {
    for (const query of ['anna', 'LÜDENSCHEIDT', 'example.org', 'günterstal', '79100', 'freiburg 12a'])
      expect(matchesSearch(anna, query), query).toBe(true);
  });

  it('wants every word of the query to match', () => {
    expect(matchesSearch(anna, 'anna berlin')).toBe(false);
  });

  it('matches everyone when the query is blank', () => {
    expect(matchesSearch(anna, '   ')).toBe(true);
  });
});

describe('how a participant is shown', () => {
  it('writes the address on one line and leaves out what is missing', () => {
    expect(addressLine(anna)).toBe('Günterstalstraße 12a, 79100 Freiburg');
    expect(addressLine({ ...anna, street: '', streetNr: '' })).toBe('79100 Freiburg');
    expect(addressLine({ ...anna, street: '', streetNr: '', zip: '', cityName: '' })).toBe('');
  });

  it('lets host only whoever seats a whole table, never with unknown seats', () => {
    expect(canHost({ numSeats: 6 }, 6)).toBe(true);
    expect(canHost({ numSeats: 5 }, 6)).toBe(false);
    expect(canHost({ numSeats: -1 }, 0)).toBe(false);
  });
});
