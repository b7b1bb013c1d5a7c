import type { RunningDinner } from '@contract/dinner';
import type { TeamsResponse } from '@contract/teams';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { MealList } from '../shared/MealList';

function Option({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="font-medium text-gray-900">{label}</dt>
      <dd className="text-gray-700">{children}</dd>
    </div>
  );
}

/** The event's team options in words, with what each does (the shortest-paths option shortens the routes after generating). */
export function GenerationOptions({ dinner }: { dinner: RunningDinner }) {
  const { genderAspects, forceEqualDistributedCapacityTeams, considerShortestPaths } = dinner.options;
  return (
    <dl className="space-y-3 text-sm">
      <Option label={<Trans>Gender mix in teams</Trans>}>
        {genderAspects === 'FORCE_GENDER_MIX' ? (
          <Trans>Mixed teams where possible</Trans>
        ) : genderAspects === 'FORCE_SAME_GENDER' ? (
          <Trans>Same-gender teams where possible</Trans>
        ) : (
          <Trans>Gender does not matter</Trans>
        )}
      </Option>
      <Option label={<Trans>Spread the hosting places evenly</Trans>}>
        {forceEqualDistributedCapacityTeams ? (
          <Trans>
            On: someone with enough seats is paired with someone without, so that as many teams as possible can host.
          </Trans>
        ) : (
          <Trans>Off: seats are not considered when pairing.</Trans>
        )}
      </Option>
      <Option label={<Trans>Prefer short distances</Trans>} testId="option-shortest-paths">
        {considerShortestPaths ? (
          <Trans>
            On: right after the teams are generated, their routes are shortened in the background and saved
            automatically; the same happens when teams from the waiting list join.{' '}
            <Link href="/dinnerroute" className="font-semibold text-primary-700 underline underline-offset-2">
              Dinner routes
            </Link>{' '}
            shows the progress.
          </Trans>
        ) : (
          <Trans>
            Off: the routes are not shortened by themselves. You can shorten them at any time under{' '}
            <Link href="/dinnerroute" className="font-semibold text-primary-700 underline underline-offset-2">
              Dinner routes
            </Link>
            .
          </Trans>
        )}
      </Option>
    </dl>
  );
}

function genderResult(dinner: RunningDinner, matching: number, teams: number): ReactNode {
  switch (dinner.options.genderAspects) {
    case 'FORCE_GENDER_MIX':
      return (
        <Trans>
          {matching} of {teams} teams are mixed.
        </Trans>
      );
    case 'FORCE_SAME_GENDER':
      return (
        <Trans>
          {matching} of {teams} teams are of the same gender.
        </Trans>
      );
    default:
      return null;
  }
}

/** The time schedule, the options the plan was made with, and its seed (for bug reports). */
export function PlanDetails({
  dinner,
  response,
  readOnly,
}: {
  dinner: RunningDinner;
  response: TeamsResponse;
  readOnly: boolean;
}) {
  const teams = response.teams.filter((t) => t.status !== 'CANCELLED').length;
  const gender = genderResult(dinner, response.teamsMatchingGenderAspects, teams);
  const seed = response.seed;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title={<Trans>Time schedule</Trans>}
        testId="time-schedule"
        action={
          !readOnly && (
            <Link href="/settings" className="text-sm font-semibold text-primary-700 underline underline-offset-2">
              <Trans>Change the times</Trans>
            </Link>
          )
        }
      >
        <MealList meals={dinner.options.meals} />
      </Card>
      <Card title={<Trans>How the teams were made</Trans>} testId="plan-details">
        {gender && (
          <p className="mb-3 text-sm font-medium text-gray-900" data-testid="gender-result">
            {gender}
          </p>
        )}
        <GenerationOptions dinner={dinner} />
        {seed !== null && (
          <p className="mt-4 text-xs text-gray-500" data-testid="plan-seed">
            <Trans>plan #{seed}</Trans>
          </p>
        )}
      </Card>
    </div>
  );
}
