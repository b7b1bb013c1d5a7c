import type { Meal, RunningDinner } from '@contract/dinner';
import type { MeetingPlan, Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BackLink } from '../../components/BackLink';
import { Card } from '../../components/Card';
import { mealDotClass, mealKind } from '../../components/mealColours';
import { PageTitle } from '../../components/PageTitle';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { addressLine } from '../participants/format';
import { MealSpecifics } from '../participants/ParticipantBadges';
import { useMeetingPlan } from './hooks';
import { HostBadge, MealLabel, TeamName, TeamStatusBadge } from './TeamBadges';

function BackToTeams() {
  return (
    <BackLink href="/teams" testId="back-to-teams">
      <Trans>All teams</Trans>
    </BackLink>
  );
}

/** /admin/{adminId}/teams/{teamId} — whom one team meets: its guests at home and, at every other meal, its host and who else sits at that table. */
export function MeetingPlanPage({ dinner, teamId }: { dinner: RunningDinner; teamId: string }) {
  const { t } = useLingui();
  const { data: plan, error, mutate } = useMeetingPlan(teamId);
  if (error?.status === 404)
    return (
      <>
        <BackToTeams />
        <Card testId="meeting-plan-missing">
          <p className="text-gray-700">
            <Trans>This team does not exist any more. The teams may have been generated again or deleted.</Trans>
          </p>
        </Card>
      </>
    );
  if (error)
    return (
      <>
        <BackToTeams />
        <Card>
          <RetryLine
            message={`${t`The meeting plan could not be loaded.`} ${error.message}`}
            onRetry={() => void mutate()}
          />
        </Card>
      </>
    );
  if (!plan) return <MeetingPlanSkeleton />;
  const number = plan.team.teamNumber;
  const others = new Set(
    [...plan.guestTeams, ...plan.hostTeams, ...plan.hostTeams.flatMap((h) => h.meetedTeams)].map((team) => team.id),
  );
  others.delete(plan.team.id);
  const metCount = others.size;
  return (
    <>
      <BackToTeams />
      <PageTitle sub={<Trans>Meets {metCount} other teams during the evening.</Trans>}>
        <span className="flex flex-wrap items-center gap-3">
          <Trans>Meeting plan of team {number}</Trans>
          <TeamStatusBadge team={plan.team} />
        </span>
      </PageTitle>
      <ol className="space-y-4" data-testid="meeting-plan">
        {dinner.options.meals.map((meal, index) => (
          <MealStop key={meal.id} meal={meal} index={index} plan={plan} />
        ))}
      </ol>
    </>
  );
}

function MealStop({ meal, index, plan }: { meal: Meal; index: number; plan: MeetingPlan }) {
  const atHome = plan.team.meal.id === meal.id;
  const host = plan.hostTeams.find((team) => team.meal.id === meal.id);
  return (
    <li
      className="flex overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
      data-testid="meeting-plan-meal"
      data-at-home={atHome}
    >
      <div aria-hidden="true" className={`w-1.5 shrink-0 ${mealDotClass[mealKind(index)]}`} />
      <div className="min-w-0 flex-1 p-5">
        <h2 className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold text-gray-900">
          <MealLabel meal={meal} index={index} />
          <span className="text-sm font-normal text-gray-600">
            {atHome ? <Trans>at home: the team cooks</Trans> : <Trans>as guests</Trans>}
          </span>
        </h2>
        {atHome ? (
          <TableAt host={plan.team} guests={plan.guestTeams} />
        ) : host ? (
          <TableAt
            host={host}
            guests={[plan.team, ...host.meetedTeams.filter((team) => team.id !== host.id && team.id !== plan.team.id)]}
            ownTeamId={plan.team.id}
          />
        ) : (
          <p className="mt-3 text-sm text-gray-600">
            <Trans>No host for this meal.</Trans>
          </p>
        )}
      </div>
    </li>
  );
}

/** Everyone at one table: the host team (with the address) and the guest teams. */
function TableAt({ host, guests, ownTeamId }: { host: Team; guests: Team[]; ownTeamId?: string }) {
  const place = host.hostTeamMember ? addressLine(host.hostTeamMember) : '';
  return (
    <div className="mt-3 grid gap-3 md:grid-cols-2">
      <TeamBox team={host} role={<Trans>Host</Trans>} highlight={ownTeamId === undefined} hosting>
        {place && <p className="mt-1 text-sm break-words text-gray-700">{place}</p>}
      </TeamBox>
      <div className="space-y-3">
        {guests.length === 0 ? (
          <p className="text-sm text-gray-600">
            <Trans>No guests.</Trans>
          </p>
        ) : (
          guests.map((guest) => (
            <TeamBox key={guest.id} team={guest} role={<Trans>Guest</Trans>} highlight={guest.id === ownTeamId} />
          ))
        )}
      </div>
    </div>
  );
}

/** One team at a table; only the hosting team marks its host, at whose place the table is. */
function TeamBox({
  team,
  role,
  highlight,
  hosting = false,
  children,
}: {
  team: Team;
  role: ReactNode;
  highlight: boolean;
  hosting?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={`rounded-lg p-3 ${highlight ? 'bg-primary-50 ring-1 ring-primary-600/20' : 'bg-gray-50'}`}
      data-testid="meeting-plan-team"
      data-team-id={team.id}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{role}</span>
        <Link
          href={`/teams/${team.id}`}
          className="font-semibold text-gray-900 underline-offset-2 hover:text-primary-700 hover:underline"
        >
          <TeamName team={team} />
        </Link>
        <TeamStatusBadge team={team} />
      </p>
      <ul className="mt-1 space-y-1">
        {team.teamMembers.map((member) => (
          <li key={member.id} className="text-sm text-gray-900">
            <span className="flex flex-wrap items-center gap-2">
              {fullName(member)}
              {hosting && team.hostTeamMember?.id === member.id && <HostBadge />}
            </span>
            <MealSpecifics participant={member} />
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

function MeetingPlanSkeleton() {
  return (
    <div data-testid="meeting-plan-loading">
      <Skeleton className="mb-4 h-4 w-24" />
      <Skeleton className="mb-6 h-8 w-72" />
      <div className="space-y-4">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonLines lines={3} />
          </Card>
        ))}
      </div>
    </div>
  );
}
