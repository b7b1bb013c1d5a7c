import type { Team } from '@contract/teams';
import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { CancelTeamContent, type CancelTeamContentProps } from './CancelTeamContent';

type CancelTeamDialogProps = Omit<CancelTeamContentProps, 'team' | 'busy' | 'setBusy'> & { team: Team | null };

/**
 * Cancelling a team changes the evening of the teams it would host and visit, so the dialog first asks the
 * server what would happen (a dry run that changes nothing), then lets the organiser cancel the team or
 * replace its members by exactly teamSize people from the waiting list.
 */
export function CancelTeamDialog({ team, onClose, ...props }: CancelTeamDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={team !== null}
      onClose={() => !busy && onClose()}
      className="flex max-h-[90vh] max-w-xl flex-col"
      testId="cancel-team-dialog"
    >
      {team && (
        <CancelTeamContent key={team.id} team={team} onClose={onClose} busy={busy} setBusy={setBusy} {...props} />
      )}
    </Modal>
  );
}
