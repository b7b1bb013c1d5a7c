import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAction } from '../../components/useAction';
import { useParticipantActions } from './hooks';

/** Deleting cannot be undone, so the dialog names the person and what happens. */
export function DeleteParticipantDialog({
  participant,
  onClose,
  onDeleted,
}: {
  participant: Participant | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useLingui();
  const { remove } = useParticipantActions();
  const { run } = useAction();
  const name = participant ? fullName(participant) : '';
  const email = participant?.email ?? '';

  const confirm = async () => {
    if (!participant) return;
    const deleted = await run(async () => {
      await remove(participant.id);
      onClose();
    }, t`${name} was deleted.`);
    if (deleted) onDeleted?.();
  };

  return (
    <ConfirmDialog
      open={participant !== null}
      danger
      title={<Trans>Delete {name}?</Trans>}
      confirmLabel={<Trans>Delete for good</Trans>}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>
        {email ? (
          <Trans>
            <strong>{name}</strong> ({email}) is removed from your running dinner with all their data. They are not
            informed automatically.
          </Trans>
        ) : (
          <Trans>
            <strong>{name}</strong> is removed from your running dinner with all their data.
          </Trans>
        )}
      </p>
      <p className="font-medium text-gray-900">
        <Trans>This cannot be undone.</Trans>
      </p>
    </ConfirmDialog>
  );
}
