import { Trans, useLingui } from '@lingui/react/macro';
import type { Participant } from '@server/features/participants/participants.schema';
import type { Team } from '@server/features/teams/teams.schema';
import { fullName } from '@domain/participants/names';
import type { RowMenuAction } from '../../components/RowMenu';
import type { TeamActions } from './hooks';
import type { PickRequest, PickRequests } from './pickRequests';
import { isCancelled } from './teamList';
import type { TeamsDialog } from './TeamsDialogs';
import type { TeamChanges } from './useTeamChanges';

interface TeamMenusProps {
  readOnly: boolean;
  picks: PickRequests;
  changes: TeamChanges;
  actions: TeamActions;
  openDialog: (dialog: TeamsDialog) => void;
}

/** The menu of each team and of each member: a link to look closer and, while the plan can change, its repairs. */
export function useTeamMenus({ readOnly, picks, changes, actions, openDialog }: TeamMenusProps) {
  const { t } = useLingui();
  const { busy } = changes;
  const pick = (request: PickRequest) => openDialog({ kind: 'pick', request });

  const memberActionsOf = (team: Team, member: Participant): RowMenuAction[] => {
    const base: RowMenuAction[] = [{ key: 'edit', label: readOnly ? <Trans>Show details</Trans> : <Trans>Edit participant</Trans>, href: `/participants/${member.id}` }];
    if (readOnly || isCancelled(team)) return base;
    const name = fullName(member);
    const number = team.teamNumber;
    const isHost = team.hostTeamMember?.id === member.id;
    return [
      ...base,
      { key: 'swap', label: <Trans>Swap with…</Trans>, disabled: busy, onSelect: () => pick(picks.swapMember(team, member)) },
      {
        key: 'host',
        label: isHost ? <Trans>Hosts the team</Trans> : <Trans>Make host</Trans>,
        disabled: isHost || busy,
        onSelect: () => void changes.change(() => actions.makeHost(team.id, member.id), t`${name} hosts team ${number} now.`, member.id),
      },
      {
        key: 'cancel',
        label: <Trans>Take out of the team…</Trans>,
        danger: true,
        separated: true,
        // The last member leaving cancels the team.
        onSelect: () => openDialog(team.teamMembers.length <= 1 ? { kind: 'cancelTeam', team } : { kind: 'cancelMember', cancellation: { team, member } }),
      },
    ];
  };

  const teamActionsOf = (team: Team): RowMenuAction[] => {
    const base: RowMenuAction[] = [{ key: 'plan', label: <Trans>Meeting plan</Trans>, href: `/teams/${team.id}` }];
    if (readOnly || isCancelled(team)) return base;
    return [
      ...base,
      { key: 'meal', label: <Trans>Swap meal with…</Trans>, disabled: busy, onSelect: () => pick(picks.swapMeal(team)) },
      { key: 'number', label: <Trans>Swap team number with…</Trans>, disabled: busy, onSelect: () => pick(picks.swapNumber(team)) },
      { key: 'cancel', label: <Trans>Cancel team…</Trans>, danger: true, separated: true, onSelect: () => openDialog({ kind: 'cancelTeam', team }) },
    ];
  };

  return { memberActionsOf, teamActionsOf };
}
