import type { Participant } from '@contract/participants';
import { useParticipants } from '../hooks';
import { PartnerWishBadge, RegisteredTogetherBadge } from '../ParticipantBadges';
import { everyoneIn } from '../participantList';

/** The partner-wish state the server computed, as in the list. */
export function PartnerState({ participant }: { participant: Participant }) {
  const { data: list } = useParticipants();
  const everyone = everyoneIn(list);
  const item = everyone.find((p) => p.id === participant.id);
  if (!item || (!item.teamPartnerWish && !item.teamPartnerWishOriginatorId)) return null;
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="partner-state">
      <RegisteredTogetherBadge participant={item} everyone={everyone} />
      {item.teamPartnerWish && <PartnerWishBadge participant={item} wish={item.teamPartnerWish} everyone={everyone} />}
    </div>
  );
}
