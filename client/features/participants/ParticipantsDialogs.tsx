import type { ParticipantListItem } from '@contract/participants';
import { DeleteParticipantDialog } from './DeleteParticipantDialog';
import { ImportDialog } from './ImportDialog';
import { SwapDialog } from './SwapDialog';

/** The one dialog the participants page shows, if any. */
export type ParticipantsDialog =
  | { kind: 'import' }
  | { kind: 'delete'; participant: ParticipantListItem }
  | { kind: 'swap'; participant: ParticipantListItem }
  | null;

interface ParticipantsDialogsProps {
  dialog: ParticipantsDialog;
  onClose: () => void;
  /** The confirmed participants, who can swap places. */
  confirmed: readonly ParticipantListItem[];
  waitingIds: ReadonlySet<string>;
  /** After the swap dialog closed: `chosen` trades places with `other`. */
  onSwap: (chosen: ParticipantListItem, other: ParticipantListItem) => void;
}

export function ParticipantsDialogs({ dialog, onClose, confirmed, waitingIds, onSwap }: ParticipantsDialogsProps) {
  const toSwap = dialog?.kind === 'swap' ? dialog.participant : null;
  return (
    <>
      <ImportDialog open={dialog?.kind === 'import'} onClose={onClose} />
      <DeleteParticipantDialog participant={dialog?.kind === 'delete' ? dialog.participant : null} onClose={onClose} />
      <SwapDialog
        participant={toSwap}
        candidates={confirmed}
        waitingIds={waitingIds}
        onClose={onClose}
        onPick={(other) => {
          onClose();
          if (toSwap) onSwap(toSwap, other);
        }}
      />
    </>
  );
}
