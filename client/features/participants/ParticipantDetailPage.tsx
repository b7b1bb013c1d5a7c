import type { RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { BackLink } from '../../components/BackLink';
import { Card } from '../../components/Card';
import { Loaded } from '../../components/Loaded';
import { ParticipantForm } from './detail/ParticipantForm';
import { ParticipantFormSkeleton } from './detail/ParticipantFormSkeleton';
import { useParticipant } from './hooks';

/** /admin/{adminId}/participants/{participantId} and …/participants/new */
export function ParticipantDetailPage({ dinner, participantId }: { dinner: RunningDinner; participantId?: string }) {
  const { t } = useLingui();
  const { data: participant, error, mutate } = useParticipant(participantId);
  return (
    <div className="max-w-3xl">
      <BackLink href="/participants" testId="back-to-participants" underline="hover">
        <Trans>All participants</Trans>
      </BackLink>
      {!participantId ? (
        <ParticipantForm dinner={dinner} participant={undefined} />
      ) : error?.status === 404 ? (
        <Card testId="participant-not-found">
          <p className="font-semibold text-gray-900">
            <Trans>This participant does not exist (any more).</Trans>
          </p>
          <p className="mt-1 text-sm text-gray-700">
            <Trans>Maybe they were deleted in the meantime.</Trans>
          </p>
        </Card>
      ) : (
        <Loaded
          data={participant}
          error={error}
          failure={(e) => `${t`The participant could not be loaded.`} ${e.message}`}
          onRetry={() => void mutate()}
          frame="card"
          loading={<ParticipantFormSkeleton />}
        >
          {(loaded) => <ParticipantForm dinner={dinner} participant={loaded} />}
        </Loaded>
      )}
    </div>
  );
}
