import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { RowMenu } from '../../components/RowMenu';
import { type Column, StackedTable } from '../../components/Table';
import { MealSpecifics, Seats } from '../participants/ParticipantBadges';
import { GenderText, HostBadge, MealLabel, TeamName, TeamStatusBadge } from './TeamBadges';
import type { TeamViewProps } from './TeamCard';
import { isCancelled, mealIndexOf } from './teamList';

const cell = 'md:table-cell md:px-3 md:py-3 md:align-top';

const columns: Column[] = [
  { label: <Trans>Team</Trans>, className: 'w-24 px-3 py-2' },
  { label: <Trans>Meal</Trans>, className: 'w-44 px-3 py-2' },
  { label: <Trans>Members</Trans>, className: 'px-3 py-2' },
  { label: <span className="sr-only">{<Trans>Actions</Trans>}</span>, className: 'w-14 px-3 py-2' },
];

/** All teams in number order, for scanning: a table on wide screens, stacked rows on phones. Members are swapped in the view by meal; here a row has the team's menu. */
export function TeamTable({
  teams,
  meals,
  seatsNeeded,
  teamActionsOf,
}: Pick<TeamViewProps, 'meals' | 'seatsNeeded' | 'teamActionsOf'> & { teams: readonly Team[] }) {
  const { t } = useLingui();
  return (
    <StackedTable caption={t`Teams`} columns={columns} testId="teams-table">
      {teams.map((team) => {
        const number = team.teamNumber;
        return (
          <tr
            key={team.id}
            data-testid="team-row"
            data-team-id={team.id}
            data-status={team.status}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-1 py-3 md:table-row md:py-0 ${isCancelled(team) ? 'bg-gray-50 text-gray-600' : ''}`}
          >
            <td className={`col-start-1 row-start-1 ${cell}`}>
              <span className="flex flex-wrap items-center gap-2">
                <Link
                  href={`/teams/${team.id}`}
                  className="font-semibold text-gray-900 underline underline-offset-2 hover:text-primary-700"
                >
                  <TeamName team={team} />
                </Link>
                <TeamStatusBadge team={team} />
              </span>
            </td>
            <td className={`col-span-2 ${cell}`}>
              <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} />
            </td>
            <td className={`col-span-2 ${cell}`}>
              {team.teamMembers.length === 0 ? (
                <span className="text-gray-600">
                  <Trans>No members any more.</Trans>
                </span>
              ) : (
                <ul className="space-y-2">
                  {team.teamMembers.map((member) => (
                    <TableMember key={member.id} team={team} member={member} seatsNeeded={seatsNeeded} />
                  ))}
                </ul>
              )}
            </td>
            <td className={`col-start-2 row-start-1 text-right ${cell} md:py-2`}>
              <RowMenu label={t`Actions for team ${number}`} actions={teamActionsOf(team)} />
            </td>
          </tr>
        );
      })}
    </StackedTable>
  );
}

function TableMember({ team, member, seatsNeeded }: { team: Team; member: Participant; seatsNeeded: number }) {
  const { t } = useLingui();
  const name = fullName(member) || t`(no name)`;
  return (
    <li data-testid="team-member" data-participant-id={member.id}>
      <span className="block min-w-0 space-y-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <Link
            href={`/participants/${member.id}`}
            className="font-medium break-words text-gray-900 underline-offset-2 hover:underline"
          >
            {name}
          </Link>
          {team.hostTeamMember?.id === member.id && <HostBadge />}
        </span>
        <span className="flex flex-wrap gap-x-3 text-gray-700">
          <GenderText gender={member.gender} />
          <Seats participant={member} seatsNeeded={seatsNeeded} />
        </span>
        <MealSpecifics participant={member} />
      </span>
    </li>
  );
}
