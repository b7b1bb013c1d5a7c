import type { ReactNode } from 'react';

export interface PickOption {
  id: string;
  /** What the option is called, e.g. a name or "Team 4". */
  label: string;
  /** A second line: an address, the team and meal of a member, the members of a team. */
  detail?: ReactNode;
  /** A narrow column before the label, e.g. the participant number. */
  leading?: ReactNode;
  /** A small pill after the label, e.g. "waiting". */
  badge?: ReactNode;
  /** What the search looks through besides the label: the words the detail shows. Case and accents do not matter. */
  searchText: string;
  /** Why the option cannot be picked: it stays in the list, shown and read out with this reason. */
  disabledReason?: ReactNode;
}

/** Lower case without accents, so that "muller" finds "Müller". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Every word of the query is in the label or the search text. */
export const matches = (option: PickOption, query: string) => {
  const haystack = folded(`${option.label} ${option.searchText}`);
  return folded(query)
    .split(/\s+/)
    .every((word) => haystack.includes(word));
};
