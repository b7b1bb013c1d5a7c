import type { DinnerRoutesResponse, RouteDistance } from '@contract/dinner-routes';
import { Trans } from '@lingui/react/macro';
import { Distance } from '../routeBits';
import { TeamButton } from './TeamButton';

export function RouteDistanceEntry({
  route,
  data,
  onSelectTeam,
}: {
  route: RouteDistance;
  data: DinnerRoutesResponse;
  onSelectTeam: (teamId: string) => void;
}) {
  const mealOf = (mealId: string) => data.meals.find((m) => m.id === mealId)?.label ?? '';
  return (
    <li
      className="rounded-lg border border-gray-200 p-3"
      data-testid="route-distance"
      data-team-number={route.teamNumber}
    >
      <p className="flex items-baseline justify-between gap-2">
        <TeamButton teamNumber={route.teamNumber} teamId={route.teamId} onSelectTeam={onSelectTeam} />
        <span className="font-semibold">
          <Distance meters={route.totalMeters} />
        </span>
      </p>
      <ul className="mt-1 space-y-0.5 text-gray-700">
        {route.legs.map((leg) => {
          const from = leg.fromTeamNumber;
          const to = leg.toAfterParty ? null : leg.toTeamNumber;
          return (
            <li
              key={`${leg.fromMealId}-${leg.toAfterParty ? 'after-party' : leg.toMealId}`}
              className="flex items-baseline justify-between gap-2"
              data-longest={leg.longest || undefined}
            >
              <span className="min-w-0">
                {mealOf(leg.fromMealId)} → {leg.toAfterParty ? <Trans>After-party</Trans> : mealOf(leg.toMealId)}
                <span className="block text-xs text-gray-600">
                  {to === null ? (
                    <Trans>Team {from} → after-party</Trans>
                  ) : (
                    <Trans>
                      Team {from} → team {to}
                    </Trans>
                  )}
                </span>
              </span>
              <span className={`shrink-0 ${leg.longest ? 'font-semibold text-gray-900' : ''}`}>
                <Distance meters={leg.distanceMeters} />
                {leg.longest && route.legs.length > 1 && (
                  <span className="ml-1 rounded-full bg-secondary-100 px-1.5 py-0.5 text-xs font-medium text-secondary-700">
                    <Trans>longest</Trans>
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
