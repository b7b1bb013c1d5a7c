import type { Participant } from '@contract/participants';
import { Trans } from '@lingui/react/macro';
import { formatTimestamp } from '../../../components/dateFormat';
import { useParticipants } from '../hooks';
import { Badge } from '../ParticipantBadges';

/** Number, confirmation, waiting list, registration time and a hand-set position, as far as the list knows them. */
export function ParticipantStatus({ participant }: { participant: Participant }) {
  const { data: list } = useParticipants();
  const number = participant.participantNumber;
  const registered = formatTimestamp(participant.createdAt);
  const waiting = list?.participantsWaitingList.some((p) => p.id === participant.id);
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="participant-status">
      {participant.activated && (
        <span className="font-semibold text-gray-900">
          <Trans>No. {number}</Trans>
        </span>
      )}
      {!participant.activated ? (
        <Badge tone="amber" testId="status-unconfirmed">
          <Trans>not confirmed yet</Trans>
        </Badge>
      ) : waiting ? (
        <Badge tone="amber" testId="status-waiting">
          <Trans>on the waiting list</Trans>
        </Badge>
      ) : (
        <Badge tone="green" testId="status-confirmed">
          <Trans>confirmed</Trans>
        </Badge>
      )}
      <span className="text-gray-600">
        <Trans>registered {registered}</Trans>
      </span>
      {participant.positionSetByHand && (
        <Badge tone="gray" testId="status-position-by-hand">
          <Trans>position on the map set by hand</Trans>
        </Badge>
      )}
    </span>
  );
}
