import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { DragGrip } from '../../components/DragGrip';
import { mealDotClass, mealKind } from '../../components/mealColours';
import { RowMenu, type RowMenuAction } from '../../components/RowMenu';
import type { DragSwap } from '../../components/useDragSwap';
import { addressLine } from '../participants/format';
import { MealSpecifics, Seats } from '../participants/ParticipantBadges';
import { GenderText, HostBadge, TeamName, TeamStatusBadge } from './TeamBadges';
import { isCancelled, mealIndexOf } from './teamList';

export interface TeamViewProps {
  meals: readonly Meal[];
  teamSize: number;
  seatsNeeded: number;
  teamActionsOf: (team: Team) => RowMenuAction[];
  memberActionsOf: (team: Team, member: Participant) => RowMenuAction[];
  /** Members that can be dragged onto members of other teams (when the event can still change). */
  drag?: DragSwap;
}

/** One team: number, meal, status and its members, each with a menu; members can be dragged onto members of other teams. */
export function TeamCard({
  team,
  meals,
  teamSize,
  seatsNeeded,
  teamActionsOf,
  memberActionsOf,
  drag,
}: TeamViewProps & { team: Team }) {
  const { t } = useLingui();
  const index = mealIndexOf(meals, team.meal);
  const cancelled = isCancelled(team);
  const number = team.teamNumber;
  const free = teamSize - team.teamMembers.length;
  return (
    <article
      data-testid="team-card"
      data-team-id={team.id}
      data-team-number={team.teamNumber}
      data-status={team.status}
      aria-labelledby={`team-${team.id}-title`}
      className={`flex flex-col overflow-hidden rounded-xl border border-gray-200 shadow-sm ${cancelled ? 'bg-gray-50' : 'bg-white'}`}
    >
      <div
        aria-hidden="true"
        className={`h-1.5 ${cancelled || index < 0 ? 'bg-gray-300' : mealDotClass[mealKind(index)]}`}
      />
      <header className="flex items-center gap-2 border-b border-gray-100 py-2 pr-2 pl-4">
        <div className="min-w-0 flex-1">
          <h3
            id={`team-${team.id}-title`}
            className="flex flex-wrap items-center gap-2 text-base font-semibold text-gray-900"
          >
            <span data-testid="team-number">
              <TeamName team={team} />
            </span>
            <TeamStatusBadge team={team} />
          </h3>
        </div>
        <RowMenu label={t`Actions for team ${number}`} actions={teamActionsOf(team)} />
      </header>
      {team.teamMembers.length === 0 ? (
        <p className="flex-1 px-4 py-3 text-sm text-gray-600">
          {cancelled ? (
            <Trans>Nobody cooks here any more: its guests see in their route that the host cancelled.</Trans>
          ) : (
            <Trans>No members any more.</Trans>
          )}
        </p>
      ) : (
        <ul className="flex-1 divide-y divide-gray-100" aria-label={t`Members of team ${number}`}>
          {team.teamMembers.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              host={team.hostTeamMember?.id === member.id}
              seatsNeeded={seatsNeeded}
              actions={memberActionsOf(team, member)}
              drag={cancelled ? undefined : drag}
            />
          ))}
        </ul>
      )}
      {!cancelled && free > 0 && team.teamMembers.length > 0 && (
        <p className="px-4 pb-2 text-xs font-medium text-amber-900" data-testid="team-places-free">
          <Plural value={free} one="# place free" other="# places free" />
        </p>
      )}
      <footer className="border-t border-gray-100 px-4 py-2">
        <Link
          href={`/teams/${team.id}`}
          className="text-sm font-semibold text-primary-700 underline underline-offset-2"
          data-testid="meeting-plan-link"
        >
          <Trans>Meeting plan</Trans>
        </Link>
      </footer>
    </article>
  );
}

function MemberRow({
  member,
  host,
  seatsNeeded,
  actions,
  drag,
}: {
  member: Participant;
  host: boolean;
  seatsNeeded: number;
  actions: RowMenuAction[];
  drag?: DragSwap;
}) {
  const { t } = useLingui();
  const name = fullName(member) || t`(no name)`;
  const dragged = drag?.draggedId === member.id;
  const over = drag?.overId === member.id;
  return (
    <li
      data-testid="team-member"
      data-participant-id={member.id}
      data-host={host}
      {...drag?.rowProps(member.id)}
      className={`flex items-start gap-2 px-2 py-2.5 sm:px-3 ${dragged ? 'opacity-40' : ''} ${over ? 'bg-primary-50 outline-2 -outline-offset-2 outline-primary-600 outline-dashed' : ''}`}
    >
      {drag ? (
        <DragHandle drag={drag} participantId={member.id} name={name} />
      ) : (
        <span className="hidden w-5 shrink-0 md:block" />
      )}
      <div className="min-w-0 flex-1 space-y-1 pl-2 md:pl-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={`/participants/${member.id}`}
            className="font-semibold break-words text-gray-900 underline-offset-2 hover:text-primary-700 hover:underline"
            data-testid="member-name"
          >
            {name}
          </Link>
          {host && <HostBadge />}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-gray-700">
          <span>
            <GenderText gender={member.gender} />
          </span>
          <Seats participant={member} seatsNeeded={seatsNeeded} />
        </p>
        {host && addressLine(member) && <p className="text-sm break-words text-gray-700">{addressLine(member)}</p>}
        <MealSpecifics participant={member} />
      </div>
      <RowMenu label={t`Actions for ${name}`} actions={actions} />
    </li>
  );
}

function DragHandle({ drag, participantId, name }: { drag: DragSwap; participantId: string; name: string }) {
  const { t } = useLingui();
  return (
    <DragGrip
      {...drag.handleProps(participantId)}
      data-testid="member-drag-handle"
      title={t`Drag ${name} onto a member of another team to swap them`}
      className="hidden shrink-0 md:flex"
    />
  );
}
