import type { ParticipantList, ParticipantListItem } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { focusRowMenu } from '../../components/RowMenu';
import { useAction } from '../../components/useAction';
import { useParticipantActions } from './hooks';

/**
 * Swapping two confirmed participants and confirming one by hand, each one at a time. A swap started from a
 * row's menu gives the focus back to that menu (`focusId`) in the row's new place.
 */
export function useParticipantChanges(list: ParticipantList | undefined) {
  const { t } = useLingui();
  const actions = useParticipantActions();
  const swapping = useAction();
  const activation = useAction<string>();
  const confirmed = useMemo(() => (list ? [...list.participants, ...list.participantsWaitingList] : []), [list]);

  const swap = async (firstId: string, secondId: string, focusId?: string) => {
    const first = confirmed.find((p) => p.id === firstId);
    const second = confirmed.find((p) => p.id === secondId);
    if (!first || !second || swapping.busy) return;
    const firstName = fullName(first);
    const secondName = fullName(second);
    const swapped = await swapping.run(
      () => actions.swap(firstId, secondId),
      t`${firstName} and ${secondName} swapped places.`,
    );
    if (swapped && focusId) focusRowMenu(`[data-participant-id="${focusId}"]`);
  };

  const activate = (item: ParticipantListItem) => {
    const name = fullName(item);
    return activation.run(() => actions.activate(item.id), t`${name} is confirmed now.`, item.id);
  };

  return {
    confirmed,
    swap,
    swapping: swapping.busy,
    activate,
    activating: activation.busy,
    activatingId: activation.runningFor,
  };
}

export type ParticipantChanges = ReturnType<typeof useParticipantChanges>;
