import type { Meal } from '@contract/dinner';
import type { DinnerRouteTeam } from '@contract/dinner-routes';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { isLocated } from '../cockpitModel';
import { addressLine, TeamHeading } from '../routeBits';

export function TeamEntry({
  team,
  meals,
  selected,
  onSelect,
}: {
  team: DinnerRouteTeam;
  meals: readonly Meal[];
  selected: boolean;
  onSelect: () => void;
}) {
  const cancelled = team.status === 'CANCELLED';
  return (
    <>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="block w-full text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
      >
        <span className="flex items-center justify-between gap-2">
          <TeamHeading team={team} meals={meals} />
          {cancelled ? (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
              <Trans>Cancelled</Trans>
            </span>
          ) : (
            !isLocated(team.host) && (
              <span
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                data-testid="team-unlocated"
              >
                <Trans>Not on the map</Trans>
              </span>
            )
          )}
        </span>
        <span className="mt-1 block break-words text-gray-800">{team.memberNames.join(', ')}</span>
        <span className="block break-words text-gray-600">{addressLine(team.host)}</span>
      </button>
      {!cancelled && team.stops.length > 0 && (
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-gray-700">
          <span>
            <Trans>Route:</Trans>{' '}
            {team.stops.map((stop, i) => (
              <span key={stop.meal.id}>
                {i > 0 && ' → '}
                <span className={stop.isOwnTeam ? 'font-semibold text-gray-900' : ''}>{stop.teamNumber}</span>
              </span>
            ))}
          </span>
          <Link
            href={`/dinnerroute/${team.id}`}
            className="font-semibold text-primary-700 underline-offset-2 hover:underline"
            data-testid="team-route-link"
          >
            <Trans>Show route</Trans>
          </Link>
        </p>
      )}
    </>
  );
}
