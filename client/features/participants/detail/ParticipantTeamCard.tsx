import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Card } from '../../../components/Card';
import { formatTime } from '../../../components/dateFormat';
import { useTeams } from '../../teams/hooks';
import { Badge } from '../ParticipantBadges';

/** The participant's team: its number (a link to its meeting plan), the course it cooks and the partner. */
export function ParticipantTeamCard({ participant }: { participant: Participant }) {
  const { data } = useTeams();
  const team = data?.teams.find((t) => t.id === participant.teamId);
  if (!team) return null;
  const teamNumber = team.teamNumber;
  const meal = team.meal.label;
  const time = formatTime(team.meal.time);
  const partners = team.teamMembers
    .filter((m) => m.id !== participant.id)
    .map(fullName)
    .join(', ');
  return (
    <Card className="mb-6" title={<Trans>Team</Trans>} testId="participant-team">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-800">
        <Link
          href={`/teams/${team.id}`}
          className="font-semibold text-primary-700 underline underline-offset-2"
          data-testid="participant-team-link"
        >
          <Trans>Team {teamNumber}</Trans>
        </Link>
        {team.status === 'CANCELLED' && (
          <Badge tone="gray">
            <Trans>cancelled</Trans>
          </Badge>
        )}
      </p>
      <p className="mt-1 text-sm text-gray-800" data-testid="participant-team-course">
        <Trans>
          Course: {meal}, {time}
        </Trans>
      </p>
      <p className="mt-1 break-words text-sm text-gray-700" data-testid="participant-team-partner">
        {partners ? <Trans>Cooks with {partners}</Trans> : <Trans>No partner in the team.</Trans>}
      </p>
    </Card>
  );
}
