import type { Meal } from '@contract/dinner';
import type { TeamCancellationResult } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Plural, Trans } from '@lingui/react/macro';
import { SentMailsWarning } from '../SentMailsWarning';
import { MealLabel, TeamName } from '../TeamBadges';
import { byTeamNumber, mealIndexOf } from '../teamList';

export function DryRunSummary({ result, meals }: { result: TeamCancellationResult; meals: readonly Meal[] }) {
  const affected = [...result.affectedTeams].sort(byTeamNumber);
  const count = affected.length;
  return (
    <div className="mt-2 space-y-3 text-sm text-gray-700">
      {count === 0 ? (
        <p>
          <Trans>No other team's route changes.</Trans>
        </p>
      ) : (
        <>
          <p data-testid="affected-count">
            <Plural
              value={count}
              one="The dinner route of # team changes:"
              other="The dinner routes of # teams change:"
            />
          </p>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" data-testid="affected-teams">
            {affected.map((team) => (
              <li key={team.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <span className="w-20 shrink-0 font-semibold text-gray-900">
                  <TeamName team={team} />
                </span>
                <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} className="shrink-0" />
                <span className="min-w-0 truncate text-gray-600">{team.teamMembers.map(fullName).join(', ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <SentMailsWarning sentMails={result.sentMails} />
    </div>
  );
}
