import type { Meal } from '@contract/dinner';
import type { Gender } from '@contract/participants';
import type { Team } from '@contract/teams';
import { Trans } from '@lingui/react/macro';
import { formatTime } from '../../components/dateFormat';
import { mealDotClass, mealKind } from '../../components/mealColours';
import { Badge } from '../participants/ParticipantBadges';
import { useGenderLabel } from '../shared/participant/genderLabel';

/** The meal in its colour, with its time. */
export function MealLabel({ meal, index, className = '' }: { meal: Meal; index: number; className?: string }) {
  return (
    <span className={`inline-flex min-w-0 items-center gap-1.5 ${className}`} data-testid="team-meal">
      <span
        aria-hidden="true"
        className={`size-2.5 shrink-0 rounded-full ${index >= 0 ? mealDotClass[mealKind(index)] : 'bg-gray-400'}`}
      />
      <span className="truncate font-medium text-gray-900">{meal.label}</span>
      <time dateTime={meal.time} className="shrink-0 tabular-nums text-gray-600">
        {formatTime(meal.time)}
      </time>
    </span>
  );
}

export function TeamStatusBadge({ team }: { team: Team }) {
  if (team.status === 'CANCELLED')
    return (
      <Badge tone="red" testId="team-status" state={team.status}>
        <Trans>Cancelled</Trans>
      </Badge>
    );
  if (team.status === 'REPLACED')
    return (
      <Badge tone="amber" testId="team-status" state={team.status}>
        <Trans>Replaced</Trans>
      </Badge>
    );
  return null;
}

export function HostBadge() {
  return (
    <Badge tone="green" testId="host-badge">
      <Trans>Host</Trans>
    </Badge>
  );
}

export function GenderText({ gender }: { gender: Gender }) {
  const genderLabel = useGenderLabel();
  return gender === 'UNDEFINED' ? <Trans>Gender not given</Trans> : genderLabel(gender);
}

/** "Team 7" — the name organisers and participants use. */
export function TeamName({ team }: { team: Pick<Team, 'teamNumber'> }) {
  const number = team.teamNumber;
  return <Trans>Team {number}</Trans>;
}
