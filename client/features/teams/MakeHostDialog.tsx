import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** A member with too few seats to seat the table of a meal, about to host it. */
export interface HostChange {
  member: Participant;
  seatsNeeded: number;
  /** Makes the member the host; called once the dialog is closed. */
  onConfirm: () => void;
}

/** Asks before a member hosts whose seats are too few, naming what the evening needs of them. */
export function MakeHostDialog({ change, onClose }: { change: HostChange | null; onClose: () => void }) {
  const name = change ? fullName(change.member) : '';
  const seats = change?.member.numSeats ?? 0;
  const seatsNeeded = change?.seatsNeeded ?? 0;
  return (
    <ConfirmDialog
      open={change !== null}
      title={<Trans>Make {name} the host anyway?</Trans>}
      confirmLabel={<Trans>Make host anyway</Trans>}
      onClose={onClose}
      onConfirm={() => {
        onClose();
        change?.onConfirm();
        return undefined;
      }}
    >
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="host-seat-warning">
        <Trans>
          <strong>{name}</strong> has {seats} seats; as host they seat {seatsNeeded}: their own team and the guest teams
          of the meal.
        </Trans>
      </p>
      <p>
        <Trans>The team card keeps showing the shortage until a member with enough seats hosts.</Trans>
      </p>
    </ConfirmDialog>
  );
}
