import type { Meal } from '@contract/dinner';
import type { PreviewRoute } from '@contract/route-optimization';
import { Trans } from '@lingui/react/macro';
import { Distance, MealDot } from '../routeBits';
import { PreviewStops } from './PreviewStops';

export function PreviewRouteRow({ route, meals }: { route: PreviewRoute; meals: readonly Meal[] }) {
  const teamNumber = route.teamNumber;
  const mealBefore = meals.find((m) => m.id === route.mealIdBefore)?.label ?? '';
  const mealAfter = meals.find((m) => m.id === route.mealIdAfter)?.label ?? '';
  const mealChanged = route.mealIdBefore !== route.mealIdAfter;
  return (
    <tr
      className={`align-top ${route.changed ? '' : 'text-gray-600'}`}
      data-testid="preview-route"
      data-team-number={route.teamNumber}
      data-changed={route.changed || undefined}
      data-stops-before={route.stopsBefore.map((s) => s.teamNumber).join(' ')}
      data-stops-after={route.stopsAfter.map((s) => s.teamNumber).join(' ')}
    >
      <th scope="row" className="py-1.5 pr-2 text-left font-normal">
        <span className="flex items-center gap-1.5 whitespace-nowrap">
          <MealDot meals={meals} mealId={route.mealIdAfter} />
          <span className={route.changed ? 'font-semibold text-gray-900' : ''}>
            <Trans>Team {teamNumber}</Trans>
          </span>
        </span>
        {mealChanged && (
          <span className="mt-0.5 block text-xs text-amber-900" data-testid="preview-meal-change">
            {mealBefore} → {mealAfter}
          </span>
        )}
      </th>
      <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">
        <Distance meters={route.metersBefore} />
      </td>
      <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">
        <span className={route.changed ? 'font-semibold text-gray-900' : ''}>
          <Distance meters={route.metersAfter} />
        </span>
      </td>
      <td className="py-1.5 text-left tabular-nums">
        <span className="block whitespace-nowrap">
          <span className="sr-only">
            <Trans>Before:</Trans>{' '}
          </span>
          <PreviewStops stops={route.stopsBefore} other={route.stopsAfter} emphasis={false} />
        </span>
        {route.changed && (
          <span className="block whitespace-nowrap">
            <span className="sr-only">
              <Trans>After:</Trans>{' '}
            </span>
            <PreviewStops stops={route.stopsAfter} other={route.stopsBefore} emphasis />
          </span>
        )}
      </td>
    </tr>
  );
}
