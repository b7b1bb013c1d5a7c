import type { SelfTeam } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import { formatTime } from '../../../components/dateFormat';
import { mealDotClass, mealKind } from '../../../components/mealColours';
import { AddressLines, useLongDate } from '../../registration/EventInfo';
import { selfCardClass } from '../SelfPage';
import { MemberCard } from './MemberCard';
import { NotChangeable } from './NotChangeable';

/** The team's meal, where it cooks and its members; why the host cannot be changed, when it cannot. */
export function YourTeamCard({ team }: { team: SelfTeam }) {
  const longDate = useLongDate();
  const host = team.teamMembers.find((m) => m.id === team.hostTeamMemberId);
  const teamNumber = team.teamNumber;
  const meal = team.meal.label;
  const time = formatTime(team.meal.time);
  const kind = mealKind(team.meals.findIndex((m) => m.id === team.meal.id));
  const hostName = host ? fullName(host) : '';
  return (
    <section className={selfCardClass} aria-labelledby="self-team-heading">
      <p className="text-sm font-semibold text-primary-700">
        {longDate(team.date)} · <span className="break-words">{team.title}</span>
      </p>
      <h2 id="self-team-heading" className="mt-1 text-lg font-semibold text-gray-900">
        <Trans>Team {teamNumber}</Trans>
      </h2>
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <Trans>You cook</Trans>
          </dt>
          <dd className="mt-0.5 flex items-center gap-2 text-gray-900" data-testid="self-team-meal">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${mealDotClass[kind]}`} />
            <Trans>
              {meal} at {time}
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <Trans>Where</Trans>
          </dt>
          <dd className="mt-0.5 text-gray-900" data-testid="self-team-host">
            {host ? (
              <>
                <span className="block font-medium">
                  {host.isSelf ? <Trans>At your place</Trans> : <Trans>At {hostName}'s place</Trans>}
                </span>
                <span className="block text-gray-700">
                  <AddressLines address={host} />
                </span>
                {host.addressRemarks && <span className="block text-sm text-gray-600">{host.addressRemarks}</span>}
              </>
            ) : (
              <Trans>Not decided yet</Trans>
            )}
          </dd>
        </div>
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-gray-900">
        <Trans>Members</Trans>
      </h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2">
        {team.teamMembers.map((member) => (
          <MemberCard key={member.id} member={member} hosts={member.id === team.hostTeamMemberId} />
        ))}
      </ul>
      {!team.hostChangeable && <NotChangeable team={team} />}
    </section>
  );
}
