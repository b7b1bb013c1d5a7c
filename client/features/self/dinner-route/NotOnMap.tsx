import type { AfterPartyLocation } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import type { NumberedStop } from './numberedStops';

/** The places the map leaves out, with their addresses; nothing when it leaves none out. */
export function NotOnMap({
  stops,
  party,
  partyNumber,
}: {
  stops: NumberedStop[];
  party: AfterPartyLocation | null;
  partyNumber: number;
}) {
  if (stops.length === 0 && !party) return null;
  return (
    <div className="mt-3 text-sm text-gray-700" data-testid="route-not-on-map">
      <p>
        <Trans>Not on the map, because the position of the address is unknown:</Trans>
      </p>
      <ul className="mt-1 list-disc pl-5">
        {stops.map(({ stop, number }) => (
          <li key={stop.meal.id}>
            {number} · {stop.meal.label}: {stop.hostTeam.street} {stop.hostTeam.streetNr}, {stop.hostTeam.zip}{' '}
            {stop.hostTeam.cityName}
          </li>
        ))}
        {party && (
          <li>
            {partyNumber} · {party.title}: {party.street} {party.streetNr}, {party.zip} {party.cityName}
          </li>
        )}
      </ul>
    </div>
  );
}
