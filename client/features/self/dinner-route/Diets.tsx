import type { DinnerRouteStop } from '@contract/teams';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** What the team cooks for: its guests' diets, counted, and their notes. */
export function Diets({ specifics }: { specifics: DinnerRouteStop['mealSpecifics'] }) {
  const counts: [ReactNode, number][] = [
    [<Trans key="vegetarian">Vegetarian</Trans>, specifics.vegetarian],
    [<Trans key="vegan">Vegan</Trans>, specifics.vegan],
    [<Trans key="lactose">Lactose-free</Trans>, specifics.lactose],
    [<Trans key="gluten">Gluten-free</Trans>, specifics.gluten],
  ];
  const needed = counts.filter(([, count]) => count > 0);
  return (
    <div className="rounded-lg border border-primary-100 bg-primary-50 p-3 text-gray-900" data-testid="route-diets">
      <p className="font-semibold">
        <Trans>Cook for your guests</Trans>
      </p>
      {needed.length === 0 && specifics.notes.length === 0 ? (
        <p>
          <Trans>Your guests have no special diets.</Trans>
        </p>
      ) : (
        <>
          {needed.length > 0 && (
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {needed.map(([label, count], i) => (
                <div key={i} className="flex gap-1">
                  <dt>{label}:</dt>
                  <dd className="font-semibold tabular-nums">{count}</dd>
                </div>
              ))}
            </dl>
          )}
          {specifics.notes.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {specifics.notes.map((note, i) => (
                <li key={i} className="break-words">
                  {note}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
