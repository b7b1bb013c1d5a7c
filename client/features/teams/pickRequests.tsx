import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PickOption } from '../../components/pick/pickOption';
import type { TeamActions } from './hooks';
import { FixedPartnerReason } from './RuleNotes';
import { MealLabel, TeamName } from './TeamBadges';
import { isCancelled, mealIndexOf } from './teamList';
import type { TeamRules } from './teamRules';
import type { TeamChanges } from './useTeamChanges';

/** What the pick dialog offers: a swap partner, a team to swap the meal or number with, who joins a team. */
export interface PickRequest {
  title: ReactNode;
  description: ReactNode;
  options: PickOption[];
  /** Called once the dialog is closed. */
  onPick: (id: string) => void;
}

interface PickRequestsProps {
  teams: readonly Team[];
  meals: readonly Meal[];
  /** The participants in no team, who can fill a free place. */
  waiting: readonly Participant[];
  changes: TeamChanges;
  actions: TeamActions;
  rules: TeamRules;
}

/** The pick dialogs of the team and member menus and of the waiting list, each with the change it makes. */
export function usePickRequests({ teams, meals, waiting, changes, actions, rules }: PickRequestsProps) {
  const { t } = useLingui();
  const { memberOption, teamOption } = useOptions(meals);
  const activeTeams = teams.filter((team) => !isCancelled(team));
  const numberOf = (teamId: string) => teams.find((x) => x.id === teamId)?.teamNumber;

  const swapMember = (team: Team, member: Participant): PickRequest => {
    const name = fullName(member);
    /** A member the rules keep in their team, with the fixed partner they stay with. */
    const swapOption = (other: Team, m: Participant): PickOption => {
      const partner = rules.swapRefusal(member.id, m.id)
        ? (rules.partnerInTeam(other, m.id) ?? rules.partnerInTeam(team, member.id))
        : undefined;
      return { ...memberOption(other, m), disabledReason: partner && <FixedPartnerReason partner={partner} /> };
    };
    return {
      title: <Trans>Swap {name} with…</Trans>,
      description: <Trans>The two trade teams. Whoever hosts stays host in the new team.</Trans>,
      options: activeTeams
        .filter((other) => other.id !== team.id)
        .flatMap((other) => other.teamMembers.map((m) => swapOption(other, m))),
      onPick: (otherId) => changes.swapMembers(member.id, otherId, member.id),
    };
  };

  const swapMeal = (team: Team): PickRequest => {
    const number = team.teamNumber;
    return {
      title: <Trans>Swap the meal of team {number} with…</Trans>,
      description: (
        <Trans>
          The two teams trade their meals and their places in the plan: guests and hosts change with them, and still no
          two teams meet twice.
        </Trans>
      ),
      options: activeTeams.filter((other) => other.meal.id !== team.meal.id).map(teamOption),
      onPick: (otherId) => {
        const other = numberOf(otherId);
        void changes.change(
          () => actions.swapMeals(team.id, otherId),
          t`Team ${number} and team ${other} swapped meals.`,
        );
      },
    };
  };

  const swapNumber = (team: Team): PickRequest => {
    const number = team.teamNumber;
    return {
      title: <Trans>Swap the number of team {number} with…</Trans>,
      description: <Trans>Only the numbers change: members, meals and routes stay as they are.</Trans>,
      options: teams.filter((other) => other.id !== team.id).map(teamOption),
      onPick: (otherId) => {
        const other = numberOf(otherId);
        void changes.change(
          () => actions.swapTeamNumbers(team.id, otherId),
          t`Team ${number} and team ${other} swapped numbers.`,
        );
      },
    };
  };

  const fillTeam = (team: Team): PickRequest => {
    const number = team.teamNumber;
    return {
      title: <Trans>Who joins team {number}?</Trans>,
      description: <Trans>The participant takes the free place and cooks and visits with the team.</Trans>,
      options: waiting.map((p) => ({ id: p.id, label: fullName(p), detail: p.email, searchText: p.email })),
      onPick: (participantId) => {
        const joined = fullName(waiting.find((p) => p.id === participantId) ?? { firstnamePart: '', lastname: '' });
        void changes.change(
          () => actions.assignWaiting([{ teamId: team.id, participantIds: [participantId] }]),
          t`${joined} joined team ${number}.`,
        );
      },
    };
  };

  return { swapMember, swapMeal, swapNumber, fillTeam };
}

export type PickRequests = ReturnType<typeof usePickRequests>;

/** An option is found by what it shows: a member by name, team and meal, a team by its name, meal and member names. */
function useOptions(meals: readonly Meal[]) {
  const { t } = useLingui();
  const memberOption = (team: Team, member: Participant): PickOption => {
    const number = team.teamNumber;
    const teamName = t`Team ${number}`;
    return {
      id: member.id,
      label: fullName(member),
      detail: (
        <span className="flex flex-wrap items-center gap-x-2">
          <TeamName team={team} />
          <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} />
        </span>
      ),
      searchText: `${teamName} ${team.meal.label}`,
    };
  };
  const teamOption = (team: Team): PickOption => {
    const number = team.teamNumber;
    return {
      id: team.id,
      label: t`Team ${number}`,
      detail: (
        <span className="flex flex-wrap items-center gap-x-2">
          <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} />
          <span>{team.teamMembers.map(fullName).join(', ')}</span>
        </span>
      ),
      searchText: `${team.meal.label} ${team.teamMembers.map(fullName).join(' ')}`,
    };
  };
  return { memberOption, teamOption };
}
