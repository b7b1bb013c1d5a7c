import type { SelfDinnerRoute } from '@contract/self-teams';
import type { DinnerRouteStop } from '@contract/teams';
import { type MealKind, mealDotClass, mealKind } from '../../../components/mealColours';

// Literal class names so tailwind finds them; dark text on the light appetizer colour keeps AA contrast.
const badgeTextClass: Record<MealKind, string> = {
  APPETIZER: 'text-gray-900',
  MAIN_COURSE: 'text-white',
  DESSERT: 'text-white',
};
export const AFTER_PARTY_BADGE = 'bg-gray-800 text-white';

/** A stop as the page numbers and colours it. */
export interface NumberedStop {
  stop: DinnerRouteStop;
  number: number;
  badgeClass: string;
}

export function numberStops(route: SelfDinnerRoute): NumberedStop[] {
  return route.stops.map((stop, i) => {
    const kind = mealKind(route.meals.findIndex((m) => m.id === stop.meal.id));
    return { stop, number: i + 1, badgeClass: `${mealDotClass[kind]} ${badgeTextClass[kind]}` };
  });
}
