import type { Meal } from '@contract/dinner';
import type { DinnerRouteTeam, Position } from '@contract/dinner-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { type MealKind, mealDotClass, mealKind } from '../../components/mealColours';
import { formatDistance, isLocated } from './cockpitModel';

// Small pieces the cockpit and the single-route view share.

// Literal class names so tailwind finds them; dark text on the light appetizer colour keeps AA contrast.
export const mealMarkerClass: Record<MealKind, string> = {
  APPETIZER: 'bg-meal-appetizer text-gray-900',
  MAIN_COURSE: 'bg-meal-main text-white',
  DESSERT: 'bg-meal-dessert text-white',
};
export const mealStrokeClass: Record<MealKind, string> = {
  APPETIZER: 'stroke-meal-appetizer',
  MAIN_COURSE: 'stroke-meal-main',
  DESSERT: 'stroke-meal-dessert',
};
export const AFTER_PARTY_MARKER = 'bg-gray-900 text-white';

/** The meal's colour kind by its place among the meals. */
const kindOf = (meals: readonly Meal[], mealId: string) => mealKind(meals.findIndex((m) => m.id === mealId));

export function MealDot({ meals, mealId }: { meals: readonly Meal[]; mealId: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-3 shrink-0 rounded-full ${mealDotClass[kindOf(meals, mealId)]}`}
    />
  );
}

export function Distance({ meters }: { meters: number | null }) {
  const { i18n } = useLingui();
  if (meters === null) {
    return (
      <span className="text-gray-600">
        <Trans>unknown</Trans>
      </span>
    );
  }
  return <span className="tabular-nums">{formatDistance(meters, i18n.locale)}</span>;
}

export function addressLine(place: { street: string; streetNr: string; zip: string; cityName: string }) {
  return `${place.street} ${place.streetNr}, ${place.zip} ${place.cityName}`.trim().replace(/^,\s*/, '');
}

/** A stop's address in the single-route view, with a note when the map cannot show it. */
export function StopAddress({ place }: { place: Parameters<typeof addressLine>[0] & Position }) {
  return (
    <>
      <p className="break-words text-gray-600">{addressLine(place)}</p>
      {!isLocated(place) && (
        <p className="mt-1 text-xs font-medium text-amber-900">
          <Trans>Not on the map: the position of this address is not known.</Trans>
        </p>
      )}
    </>
  );
}

/** "Team 3" with its meal dot and meal. */
export function TeamHeading({ team, meals }: { team: DinnerRouteTeam; meals: readonly Meal[] }) {
  const teamNumber = team.teamNumber;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2">
      <MealDot meals={meals} mealId={team.meal.id} />
      <span className="font-semibold text-gray-900">
        <Trans>Team {teamNumber}</Trans>
      </span>
      <span className="text-sm text-gray-600">{team.meal.label}</span>
    </span>
  );
}

/** The OpenStreetMap attribution of the tiles, in the reader's language. */
export function useTileAttribution() {
  const { t } = useLingui();
  return `&copy; <a href="https://www.openstreetmap.org/copyright" rel="noreferrer" target="_blank">${t`OpenStreetMap contributors`}</a>`;
}
