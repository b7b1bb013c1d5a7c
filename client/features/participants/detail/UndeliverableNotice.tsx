import type { Participant, ParticipantMailState } from '@contract/participants';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { Button } from '../../../components/Button';
import { formatTimestamp } from '../../../components/dateFormat';
import { useAction } from '../../../components/useAction';
import { type ApiError, api } from '../../../lib/api';
import { useAdminId } from '../../admin/hooks';
import { failureTypeLabel } from '../../messages/labels';
import { participantsPath } from '../hooks';

/** Said only when mail to the participant's address failed for good: the event's messages skip it until cleared. */
export function UndeliverableNotice({ participant }: { participant: Participant }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const path = participantsPath(adminId, `/participant/${participant.id}/mailstate`);
  const { data, mutate } = useSWR<ParticipantMailState, ApiError>(path);
  const { busy, run } = useAction();
  const mark = data?.undeliverable;
  if (!mark) return null;
  const since = formatTimestamp(mark.since);
  const retry = () =>
    run(
      async () => mutate(await api.delete<ParticipantMailState>(path), { revalidate: false }),
      t`The next message goes to this address again.`,
    );
  return (
    <div
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      role="status"
      data-testid="participant-undeliverable"
    >
      <p className="font-semibold">
        <Trans>
          Mail to {participant.email} failed on {since}: messages skip this address.
        </Trans>
      </p>
      <p className="mt-1">
        <Trans>Reason: {failureTypeLabel[mark.failureType]}.</Trans>{' '}
        <Trans>Correct the address below, or try it again if it works now.</Trans>
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => void retry()} disabled={busy}>
        <Trans>Try this address again</Trans>
      </Button>
    </div>
  );
}
