import type { AfterPartyLocation } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import { formatTimeOfDay } from '../../../components/dateFormat';
import { AddressLines } from '../../registration/EventInfo';
import { AFTER_PARTY_BADGE } from './numberedStops';
import { TimelineItem } from './TimelineItem';

/** The after-party; its date too when it starts after midnight, on the day after the dinner. */
export function AfterPartyItem({
  location,
  number,
  dinnerDate,
}: {
  location: AfterPartyLocation;
  number: number;
  dinnerDate: string;
}) {
  const title = location.title;
  return (
    <TimelineItem
      number={number}
      badgeClass={AFTER_PARTY_BADGE}
      time={formatTimeOfDay(location.time, dinnerDate)}
      heading={<Trans>After-party: {title}</Trans>}
      testId="route-after-party"
    >
      <p className="break-words">
        {location.addressName && <span className="block font-medium text-gray-900">{location.addressName}</span>}
        <AddressLines address={location} />
        {location.addressRemarks && <span className="block text-gray-600">{location.addressRemarks}</span>}
      </p>
    </TimelineItem>
  );
}
