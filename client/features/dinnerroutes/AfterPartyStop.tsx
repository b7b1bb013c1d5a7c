import type { AfterPartyPlace, RouteLeg } from '@contract/dinner-routes';
import { Trans } from '@lingui/react/macro';
import { formatEveningTime } from '../../components/dateFormat';
import { AFTER_PARTY_MARKER, Distance, StopAddress } from './routeBits';

/** The last stop of a team's evening in the single-route view: the after-party, with the way there. */
export function AfterPartyStop({
  party,
  leg,
  dinnerDate,
}: {
  party: AfterPartyPlace;
  leg: RouteLeg | undefined;
  dinnerDate: string;
}) {
  const title = party.title;
  return (
    <li className="rounded-lg border border-gray-200 p-3" data-testid="route-team-after-party">
      {leg && (
        <p className="mb-1 text-xs text-gray-600">
          <Trans>Way from the last stop:</Trans> <Distance meters={leg.distanceMeters} />
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-2">
        <span aria-hidden="true" className={`inline-block size-3 shrink-0 rounded-sm ${AFTER_PARTY_MARKER}`} />
        <time className="font-bold tabular-nums text-gray-900">{formatEveningTime(party.time, dinnerDate)}</time>
        <span className="font-semibold text-gray-900">
          <Trans>After-party: {title}</Trans>
        </span>
      </p>
      {party.addressName && <p className="mt-1 break-words text-gray-800">{party.addressName}</p>}
      <StopAddress place={party} />
    </li>
  );
}
