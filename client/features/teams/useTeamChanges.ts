import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { useLingui } from '@lingui/react/macro';
import { focusRowMenu } from '../../components/RowMenu';
import { useAction } from '../../components/useAction';
import type { TeamActions } from './hooks';

/**
 * The changes made from the team cards, one at a time: each ends in the snackbar or with the server's reason,
 * and one started from a member's menu gives the focus back to that menu (`focusId`), wherever the member moved.
 */
export function useTeamChanges(teams: readonly Team[], actions: TeamActions) {
  const { t } = useLingui();
  const { busy, run } = useAction();

  const change = async <T>(call: () => Promise<T>, success: string | ((answer: T) => string), focusId?: string) => {
    if ((await run(call, success)) && focusId) focusRowMenu(`[data-participant-id="${focusId}"]`);
  };

  const swapMembers = (firstId: string, secondId: string, focusId?: string) => {
    const first = teams.flatMap((team) => team.teamMembers).find((m) => m.id === firstId);
    const second = teams.flatMap((team) => team.teamMembers).find((m) => m.id === secondId);
    if (!first || !second || busy) return;
    const firstName = fullName(first);
    const secondName = fullName(second);
    void change(
      () => actions.swapMembers(firstId, secondId),
      t`${firstName} and ${secondName} swapped teams.`,
      focusId,
    );
  };

  return { busy, change, swapMembers };
}

export type TeamChanges = ReturnType<typeof useTeamChanges>;
