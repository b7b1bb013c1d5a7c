import { mapLink } from '@domain/messages/map-link';
import { Trans } from '@lingui/react/macro';
import { formatTime } from '../../../components/dateFormat';
import { AddressLines } from '../../registration/EventInfo';
import { PhoneLink } from '../SelfPage';
import { Diets } from './Diets';
import type { NumberedStop } from './numberedStops';
import { TimelineItem } from './TimelineItem';

export function StopItem({ numbered }: { numbered: NumberedStop }) {
  const { stop, number, badgeClass } = numbered;
  const host = stop.hostTeam;
  const teamNumber = host.teamNumber;
  const meal = stop.meal.label;
  const cancelled = host.status === 'CANCELLED';
  return (
    <TimelineItem
      number={number}
      badgeClass={badgeClass}
      time={formatTime(stop.meal.time)}
      heading={meal}
      testId="route-stop"
      own={stop.isOwnTeam}
    >
      <p className="font-medium text-gray-900">
        {stop.isOwnTeam ? <Trans>Your team hosts</Trans> : <Trans>Guests of team {teamNumber}</Trans>}
      </p>
      {!stop.isOwnTeam && host.hostNames && <p className="break-words">{host.hostNames}</p>}
      {cancelled ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="route-host-cancelled"
        >
          <Trans>This team has cancelled. The organiser will tell you where you eat instead.</Trans>
        </p>
      ) : (
        <>
          <p className="break-words">
            <AddressLines address={host} />
            {host.addressRemarks && <span className="block text-gray-600">{host.addressRemarks}</span>}
          </p>
          {!stop.isOwnTeam && host.mobileNumber && (
            <p>
              <Trans>Phone:</Trans> <PhoneLink number={host.mobileNumber} />
            </p>
          )}
          {!stop.isOwnTeam && (
            <p>
              <a
                href={mapLink(host, `${host.street} ${host.streetNr}, ${host.zip} ${host.cityName}`)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800"
                data-testid="route-stop-map-link"
              >
                <Trans>Open the address in a map app</Trans>
              </a>
            </p>
          )}
        </>
      )}
      {stop.isOwnTeam && <Diets specifics={stop.mealSpecifics} />}
    </TimelineItem>
  );
}
