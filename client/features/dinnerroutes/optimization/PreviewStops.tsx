import type { PreviewStop } from '@contract/route-optimization';

/** A route's stops as team numbers; the stops that differ from the other route are marked. */
export function PreviewStops({
  stops,
  other,
  emphasis,
}: {
  stops: readonly PreviewStop[];
  other: readonly PreviewStop[];
  emphasis: boolean;
}) {
  return (
    <span className={emphasis ? 'text-gray-900' : 'text-gray-600'}>
      {stops.map((stop, i) => {
        const differs = other[i]?.teamId !== stop.teamId;
        return (
          <span key={stop.mealId}>
            {i > 0 && ' → '}
            <span
              className={
                emphasis && differs ? 'font-semibold text-primary-800 underline decoration-2 underline-offset-2' : ''
              }
            >
              {stop.teamNumber}
            </span>
          </span>
        );
      })}
    </span>
  );
}
