// What a host team cooks for: its guests' diets counted per person, one entry per guest team, and each note once.

export const DIETS = ['vegetarian', 'vegan', 'lactose', 'gluten'] as const;
export type Diet = (typeof DIETS)[number];
type DietCounts = Record<Diet, number>;

/** A guest as the host needs to know them. */
export interface Guest {
  name: string;
  teamNumber: number;
  diets: Record<Diet, boolean>;
  note: string;
}

/** One guest team's needs, counted per person: only teams with a need are listed. */
export interface GuestTeamNeeds extends DietCounts {
  names: string;
}

export interface GuestNeeds extends DietCounts {
  guests: GuestTeamNeeds[];
  /** Each distinct note once, with whoever wrote it (partners who registered together often share one). */
  notes: { names: string; note: string }[];
}

export const NO_GUEST_NEEDS: GuestNeeds = { vegetarian: 0, vegan: 0, lactose: 0, gluten: 0, guests: [], notes: [] };

const counted = (guests: readonly Guest[]): DietCounts =>
  Object.fromEntries(DIETS.map((diet) => [diet, guests.filter((g) => g.diets[diet]).length])) as DietCounts;

const hasNeed = (counts: DietCounts) => DIETS.some((diet) => counts[diet] > 0);

export function guestNeeds(guests: readonly Guest[]): GuestNeeds {
  const teams = [...new Set(guests.map((g) => g.teamNumber))].sort((a, b) => a - b);
  const perTeam = teams.map((teamNumber) => {
    const members = guests.filter((g) => g.teamNumber === teamNumber);
    return { names: members.map((g) => g.name).join(', '), ...counted(members) };
  });
  const notes = new Map<string, string[]>();
  for (const guest of guests) {
    const note = guest.note.trim();
    if (note !== '') notes.set(note, [...(notes.get(note) ?? []), guest.name]);
  }
  return {
    ...counted(guests),
    guests: perTeam.filter(hasNeed),
    notes: [...notes].map(([note, names]) => ({ names: names.join(', '), note })),
  };
}
