import type { Participant } from '@contract/participants';
import type { SentMails, Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { snackbar } from '../../lib/toasts';
import type { TeamActions } from './hooks';
import { SentMailsWarning } from './SentMailsWarning';

export interface MemberCancellation {
  team: Team;
  member: Participant;
  /** The partner the member registered together with: the two only leave as a team. */
  pairedWith?: Participant;
}

interface CancelMemberDialogProps {
  cancellation: MemberCancellation | null;
  sentMails: SentMails;
  actions: TeamActions;
  onClose: () => void;
  /** Goes on to cancel the whole team, the way out for a pair registered together. */
  onCancelTeam: (team: Team) => void;
}

/**
 * One member drops out of the dinner (and is deleted); the others keep cooking, and the free place can be filled
 * from the waiting list. One of a pair registered together is told first why not, and led to cancelling the team.
 */
export function CancelMemberDialog({ cancellation, onCancelTeam, ...props }: CancelMemberDialogProps) {
  if (cancellation?.pairedWith)
    return (
      <RegisteredPairDialog
        cancellation={cancellation}
        partner={cancellation.pairedWith}
        onClose={props.onClose}
        onCancelTeam={onCancelTeam}
      />
    );
  return <MemberRemovalDialog cancellation={cancellation} {...props} />;
}

function RegisteredPairDialog({
  cancellation,
  partner,
  onClose,
  onCancelTeam,
}: Pick<CancelMemberDialogProps, 'onClose' | 'onCancelTeam'> & {
  cancellation: MemberCancellation;
  partner: Participant;
}) {
  const name = fullName(cancellation.member);
  const partnerName = fullName(partner);
  const number = cancellation.team.teamNumber;
  return (
    <ConfirmDialog
      open
      danger
      title={
        <Trans>
          {name} cannot leave team {number} alone
        </Trans>
      }
      confirmLabel={<Trans>Cancel team {number}…</Trans>}
      onClose={onClose}
      onConfirm={() => {
        onCancelTeam(cancellation.team);
        return undefined;
      }}
    >
      <p data-testid="registered-pair-reason">
        <Trans>
          <strong>{name}</strong> and <strong>{partnerName}</strong> registered together as a team, so neither can leave
          it alone.
        </Trans>
      </p>
      <p>
        <Trans>To take them out, cancel the whole team: you can replace it from the waiting list there.</Trans>
      </p>
    </ConfirmDialog>
  );
}

function MemberRemovalDialog({
  cancellation,
  sentMails,
  actions,
  onClose,
}: Omit<CancelMemberDialogProps, 'onCancelTeam'>) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const name = cancellation ? fullName(cancellation.member) : '';
  const number = cancellation?.team.teamNumber ?? 0;
  const remaining = cancellation ? cancellation.team.teamMembers.filter((m) => m.id !== cancellation.member.id) : [];
  const others = remaining.map(fullName).join(', ');
  const othersCount = remaining.length;
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
        {othersCount === 1 ? (
          <Trans>
            <strong>{name}</strong> no longer takes part. <strong>{others}</strong> stays in team {number} and keeps its
            meal and guests.
          </Trans>
        ) : (
          <Trans>
            <strong>{name}</strong> no longer takes part. <strong>{others}</strong> stay in team {number} and keep its
            meal and guests.
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          {name} leaves the running dinner and is deleted with all their data. The free place can be filled from the
          waiting list afterwards. Nobody is informed automatically.
        </Trans>
      </p>
      <SentMailsWarning sentMails={sentMails} />
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900"
          data-testid="cancel-member-error"
        >
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
