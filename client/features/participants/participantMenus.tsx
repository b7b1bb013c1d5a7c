import type { ParticipantListItem } from '@contract/participants';
import { Trans } from '@lingui/react/macro';
import type { RowMenuAction } from '../../components/RowMenu';
import type { ParticipantsDialog } from './ParticipantsDialogs';
import type { ParticipantChanges } from './useParticipantChanges';

interface ParticipantMenusProps {
  readOnly: boolean;
  /** A demo shows how participants confirm by mail, so nobody is confirmed by hand. */
  demo: boolean;
  changes: ParticipantChanges;
  openDialog: (dialog: ParticipantsDialog) => void;
}

/** The menu of a confirmed row (moving it, swapping, deleting) and of an unconfirmed one (confirming, deleting). */
export function participantMenus({ readOnly, demo, changes, openDialog }: ParticipantMenusProps) {
  const { confirmed, swapping, activating } = changes;
  const details = (item: ParticipantListItem): RowMenuAction => ({
    key: 'edit',
    label: readOnly ? <Trans>Show details</Trans> : <Trans>Edit</Trans>,
    href: `/participants/${item.id}`,
  });
  const remove = (item: ParticipantListItem): RowMenuAction => ({
    key: 'delete',
    label: <Trans>Delete…</Trans>,
    danger: true,
    separated: true,
    onSelect: () => openDialog({ kind: 'delete', participant: item }),
  });

  const confirmedActions = (item: ParticipantListItem): RowMenuAction[] => {
    if (readOnly) return [details(item)];
    const index = confirmed.findIndex((p) => p.id === item.id);
    const previous = confirmed[index - 1];
    const next = confirmed[index + 1];
    return [
      details(item),
      {
        key: 'up',
        label: <Trans>Move up</Trans>,
        disabled: !previous || swapping,
        onSelect: () => previous && void changes.swap(item.id, previous.id, item.id),
      },
      {
        key: 'down',
        label: <Trans>Move down</Trans>,
        disabled: !next || swapping,
        onSelect: () => next && void changes.swap(item.id, next.id, item.id),
      },
      {
        key: 'swap',
        label: <Trans>Swap with…</Trans>,
        disabled: confirmed.length < 2 || swapping,
        onSelect: () => openDialog({ kind: 'swap', participant: item }),
      },
      remove(item),
    ];
  };

  const unconfirmedActions = (item: ParticipantListItem): RowMenuAction[] => {
    if (readOnly) return [details(item)];
    const activate: RowMenuAction = {
      key: 'activate',
      label: <Trans>Confirm manually</Trans>,
      disabled: activating,
      onSelect: () => void changes.activate(item),
    };
    return [details(item), ...(demo ? [] : [activate]), remove(item)];
  };

  return { confirmedActions, unconfirmedActions };
}
