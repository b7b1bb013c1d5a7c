import { errorMessage } from '../../lib/api';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Participant } from '@server/features/participants/participants.schema';
import type { SentMails, Team } from '@server/features/teams/teams.schema';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { snackbar } from '../../lib/toasts';
import { fullName } from '@domain/participants/names';
import { SentMailsWarning } from './CancelTeamDialog';
import type { TeamActions } from './hooks';

export interface MemberCancellation {
  team: Team;
  member: Participant;
}

/** One member drops out of the dinner (and is deleted); the others keep cooking, and the free place can be filled from the waiting list. */
export function CancelMemberDialog({
  cancellation,
  sentMails,
  actions,
  onClose,
}: {
  cancellation: MemberCancellation | null;
  sentMails: SentMails;
  actions: TeamActions;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const name = cancellation ? fullName(cancellation.member) : '';
  const number = cancellation?.team.teamNumber ?? 0;
  const others = cancellation
    ? cancellation.team.teamMembers
        .filter((m) => m.id !== cancellation.member.id)
        .map(fullName)
        .join(', ')
    : '';
  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!cancellation) return;
    setError(null);
    try {
      await actions.cancelMember(cancellation.team.id, cancellation.member.id);
      close();
      snackbar(t`${name} left team ${number}.`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <ConfirmDialog
      open={cancellation !== null}
      danger
      title={
        <Trans>
          Take {name} out of team {number}?
        </Trans>
      }
      confirmLabel={<Trans>Take out of the team</Trans>}
      onClose={close}
      onConfirm={confirm}
    >
      <p>
        <Trans>
          <strong>{name}</strong> no longer takes part. <strong>{others}</strong> stay in team {number} and keep its meal and guests.
        </Trans>
      </p>
      <p>
        <Trans>
          {name} leaves the running dinner and is deleted with all their data. The free place can be filled from the waiting list afterwards. Nobody is informed automatically.
        </Trans>
      </p>
      <SentMailsWarning sentMails={sentMails} />
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900" data-testid="cancel-member-error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
