import type { ParticipantListItem } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { PickDialog } from '../../components/pick/PickDialog';
import type { PickOption } from '../../components/pick/pickOption';
import { addressLine, searchText } from './format';

/** Picks the participant to trade places with: a searchable list of everyone else who is confirmed. */
export function SwapDialog({
  participant,
  candidates,
  waitingIds,
  onPick,
  onClose,
}: {
  participant: ParticipantListItem | null;
  candidates: readonly ParticipantListItem[];
  waitingIds: ReadonlySet<string>;
  onPick: (other: ParticipantListItem) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = participant ? fullName(participant) : '';
  const others = participant ? candidates.filter((c) => c.id !== participant.id) : [];
  const options: PickOption[] = others.map((other) => ({
    id: other.id,
    label: fullName(other),
    detail: addressLine(other) || other.email,
    leading: other.participantNumber,
    badge: waitingIds.has(other.id) ? <Trans>waiting</Trans> : undefined,
    searchText: searchText(other),
  }));
  return (
    <PickDialog
      open={participant !== null}
      title={<Trans>Swap {name} with…</Trans>}
      description={
        <Trans>
          The two trade their places and numbers. Whoever lands after the last complete block of teams waits.
        </Trans>
      }
      searchPlaceholder={t`Name, e-mail or address`}
      options={options}
      emptyText={<Trans>Nobody matches your search.</Trans>}
      listLabel={t`Participants`}
      testId="swap-dialog"
      onPick={(id) => {
        const other = others.find((c) => c.id === id);
        if (other) onPick(other);
      }}
      onClose={onClose}
    />
  );
}
