import type { RunningDinner } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';

/** "Tullastraße 61, 79108 Freiburg"; empty when the organiser entered no address. */
export function addressLine(p: Pick<Participant, 'street' | 'streetNr' | 'zip' | 'cityName'>): string {
  const street = `${p.street} ${p.streetNr}`.trim();
  const city = `${p.zip} ${p.cityName}`.trim();
  return [street, city].filter(Boolean).join(', ');
}

/** A host seats its own team and the two (or one) guest teams of its meal. */
export const seatsNeededToHost = (dinner: RunningDinner) => dinner.options.meals.length * dinner.options.teamSize;

/** Unknown seats (-1) never suffice. */
export const canHost = (p: Pick<Participant, 'numSeats'>, seatsNeeded: number) =>
  p.numSeats >= Math.max(seatsNeeded, 1);

/** Lower-cased text the search box looks through: name, e-mail and address. */
export const searchText = (p: Participant) => [fullName(p), p.email, addressLine(p)].join(' ').toLocaleLowerCase();

export function matchesSearch(p: Participant, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchText(p);
  return words.every((w) => text.includes(w));
}
