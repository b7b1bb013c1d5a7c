import type { SelfDinnerRoute } from '@contract/self-teams';
import { Trans } from '@lingui/react/macro';
import { selfCardClass } from '../SelfPage';
import { AfterPartyItem } from './AfterPartyItem';
import type { NumberedStop } from './numberedStops';
import { StopItem } from './StopItem';

/** "Your evening": every stop in order, then the after-party. */
export function RouteTimeline({ route, stops }: { route: SelfDinnerRoute; stops: NumberedStop[] }) {
  const incomplete = route.stops.length < route.meals.length;
  return (
    <section className={selfCardClass} aria-labelledby="route-timeline-heading">
      <h2 id="route-timeline-heading" className="text-lg font-semibold text-gray-900">
        <Trans>Your evening</Trans>
      </h2>
      {incomplete && (
        <p
          className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="route-incomplete"
        >
          <Trans>Your route is not complete yet: the organiser is still planning it. Please look again later.</Trans>
        </p>
      )}
      <ol className="mt-5">
        {stops.map((numbered) => (
          <StopItem key={numbered.stop.meal.id} numbered={numbered} />
        ))}
        {route.afterPartyLocation && (
          <AfterPartyItem location={route.afterPartyLocation} number={stops.length + 1} dinnerDate={route.date} />
        )}
      </ol>
    </section>
  );
}
