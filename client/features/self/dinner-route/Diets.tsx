import type { DinnerRouteStop } from '@contract/teams';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

type Needs = DinnerRouteStop['mealSpecifics'];

/** One guest team's diets, counted per person: "Vegetarian: 2 · Lactose-free: 1". */
function TeamDiets({ team }: { team: Needs['guests'][number] }) {
  const counts: [ReactNode, number][] = [
    [<Trans key="vegetarian">Vegetarian</Trans>, team.vegetarian],
    [<Trans key="vegan">Vegan</Trans>, team.vegan],
    [<Trans key="lactose">Lactose-free</Trans>, team.lactose],
    [<Trans key="gluten">Gluten-free</Trans>, team.gluten],
  ];
  return (
    <li className="break-words">
      <span className="font-medium">{team.names}:</span>{' '}
      {counts
        .filter(([, count]) => count > 0)
        .map(([label, count], i) => (
          <span key={i} className="mr-3 inline-flex gap-1">
            {label}: <span className="font-semibold tabular-nums">{count}</span>
          </span>
        ))}
    </li>
  );
}

/** What the team cooks for: per guest team its diets counted, and each note once with whoever wrote it. */
export function Diets({ specifics }: { specifics: Needs }) {
  const nothing = specifics.guests.length === 0 && specifics.notes.length === 0;
  return (
    <div className="rounded-lg border border-primary-100 bg-primary-50 p-3 text-gray-900" data-testid="route-diets">
      <p className="font-semibold">
        <Trans>Cook for your guests</Trans>
      </p>
      {nothing ? (
        <p>
          <Trans>Your guests have no special diets.</Trans>
        </p>
      ) : (
        <ul className="mt-1 space-y-1">
          {specifics.guests.map((team) => (
            <TeamDiets key={team.names} team={team} />
          ))}
          {specifics.notes.map(({ names, note }) => (
            <li key={note} className="break-words">
              <span className="font-medium">{names}:</span> {note}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
