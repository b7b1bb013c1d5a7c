import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RowMenuAction } from '../../components/RowMenu';
import type { MemberCancellation } from './CancelMemberDialog';
import type { TeamActions } from './hooks';
import type { PickRequest, PickRequests } from './pickRequests';
import { FixedPartnerReason, MenuLabel, RegisteredPairHostReason, SeatShortageNote } from './RuleNotes';
import type { TeamsDialog } from './TeamsDialogs';
import { isCancelled } from './teamList';
import { lacksSeatsToHost, type TeamRules } from './teamRules';
import type { TeamChanges } from './useTeamChanges';

interface TeamMenusProps {
  readOnly: boolean;
  seatsNeeded: number;
  rules: TeamRules;
  picks: PickRequests;
  changes: TeamChanges;
  actions: TeamActions;
  openDialog: (dialog: TeamsDialog) => void;
}

/**
 * The menu of each team and of each member: a link to look closer and, while the plan can change, its repairs.
 * What the team rules refuse is disabled with the reason beneath it; a host with too few seats is warned about.
 */
export function useTeamMenus({ readOnly, seatsNeeded, rules, picks, changes, actions, openDialog }: TeamMenusProps) {
  const { t } = useLingui();
  const { busy } = changes;
  const pick = (request: PickRequest) => openDialog({ kind: 'pick', request });

  const memberActionsOf = (team: Team, member: Participant): RowMenuAction[] => {
    const base: RowMenuAction[] = [
      {
        key: 'edit',
        label: readOnly ? <Trans>Show details</Trans> : <Trans>Edit participant</Trans>,
        href: `/participants/${member.id}`,
      },
    ];
    if (readOnly || isCancelled(team)) return base;
    return [
      ...base,
      swapAction(team, member),
      hostAction(team, member),
      {
        key: 'waitingList',
        label: <Trans>Move to the waiting list…</Trans>,
        separated: true,
        onSelect: () => openDialog(memberDialogOf(team, member, 'waitingList')),
      },
      {
        key: 'delete',
        label: <Trans>Delete participant…</Trans>,
        danger: true,
        onSelect: () => openDialog(memberDialogOf(team, member, 'delete')),
      },
    ];
  };

  const swapAction = (team: Team, member: Participant): RowMenuAction => {
    const partner = rules.partnerInTeam(team, member.id);
    if (partner)
      return {
        key: 'swap',
        label: (
          <MenuLabel tone="reason" note={<FixedPartnerReason partner={partner} />}>
            <Trans>Swap with…</Trans>
          </MenuLabel>
        ),
        disabled: true,
      };
    return {
      key: 'swap',
      label: <Trans>Swap with…</Trans>,
      disabled: busy,
      onSelect: () => pick(picks.swapMember(team, member)),
    };
  };

  const hostAction = (team: Team, member: Participant): RowMenuAction => {
    const host = team.hostTeamMember;
    if (host?.id === member.id) return { key: 'host', label: <Trans>Hosts the team</Trans>, disabled: true };
    if (host && rules.hostRefusal(team, member.id))
      return {
        key: 'host',
        label: (
          <MenuLabel tone="reason" note={<RegisteredPairHostReason host={host} />}>
            <Trans>Make host</Trans>
          </MenuLabel>
        ),
        disabled: true,
      };
    const name = fullName(member);
    const number = team.teamNumber;
    const makeHost = () =>
      void changes.change(() => actions.makeHost(team.id, member.id), t`${name} hosts team ${number} now.`, member.id);
    if (!lacksSeatsToHost(member, seatsNeeded))
      return { key: 'host', label: <Trans>Make host</Trans>, disabled: busy, onSelect: makeHost };
    return {
      key: 'host',
      label: (
        <MenuLabel tone="warning" note={<SeatShortageNote seats={member.numSeats} seatsNeeded={seatsNeeded} />}>
          <Trans>Make host…</Trans>
        </MenuLabel>
      ),
      disabled: busy,
      onSelect: () => openDialog({ kind: 'makeHost', change: { member, seatsNeeded, onConfirm: makeHost } }),
    };
  };

  /**
   * Deleting the last member cancels the team; one of a pair registered together cannot leave alone, which the
   * dialog says first.
   */
  const memberDialogOf = (team: Team, member: Participant, outcome: MemberCancellation['outcome']): TeamsDialog => {
    if (outcome === 'delete' && team.teamMembers.length <= 1) return { kind: 'cancelTeam', team };
    const pairedWith = rules.cancelMemberRefusal(team, member.id) ? rules.partnerInTeam(team, member.id) : undefined;
    return { kind: 'cancelMember', cancellation: { team, member, pairedWith, outcome } };
  };

  const teamActionsOf = (team: Team): RowMenuAction[] => {
    const base: RowMenuAction[] = [{ key: 'plan', label: <Trans>Meeting plan</Trans>, href: `/teams/${team.id}` }];
    if (readOnly || isCancelled(team)) return base;
    return [
      ...base,
      {
        key: 'meal',
        label: <Trans>Swap meal with…</Trans>,
        disabled: busy,
        onSelect: () => pick(picks.swapMeal(team)),
      },
      {
        key: 'number',
        label: <Trans>Swap team number with…</Trans>,
        disabled: busy,
        onSelect: () => pick(picks.swapNumber(team)),
      },
      {
        key: 'cancel',
        label: <Trans>Cancel team…</Trans>,
        danger: true,
        separated: true,
        onSelect: () => openDialog({ kind: 'cancelTeam', team }),
      },
    ];
  };

  return { memberActionsOf, teamActionsOf };
}
