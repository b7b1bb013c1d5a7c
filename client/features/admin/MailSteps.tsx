import type { RunningDinner } from '@contract/dinner';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useUpdates } from '../messages/hooks';
import { useTeams } from '../teams/hooks';
import { Step, type StepStatus } from './ChecklistStep';
import { RouteMailsTiming } from './RouteMailsTiming';

/** How many people need an update of their team (route): their part changed since a mail told them. */
function useStaleCounts() {
  const { data } = useUpdates();
  const count = (part: 'TEAM' | 'ROUTE') =>
    data?.filter((update) => update.changes.some((change) => change.part === part)).length ?? 0;
  return { team: count('TEAM'), route: count('ROUTE') };
}

function NeedUpdate({ count }: { count: number }) {
  return (
    <>
      <span className="font-semibold text-amber-900" data-testid="need-update">
        <Plural value={count} one="# person needs an update." other="# people need an update." />
      </span>{' '}
      <Link href="/messages/updates" className="font-semibold text-primary-700 underline underline-offset-2">
        <Trans>See what changed and send the updates</Trans>
      </Link>
    </>
  );
}

/**
 * Steps 5 and 6: done once the team mails or the dinner routes went out and nobody needs an update since; to do once
 * there are teams. A route mail tells the team too.
 */
export function MailSteps({ dinner }: { dinner: RunningDinner }) {
  const { data } = useTeams();
  const stale = useStaleCounts();
  const teams = data?.teams.filter((team) => team.status !== 'CANCELLED').length ?? 0;
  const sent = data?.sentMails;
  const teamsTold = sent?.teamMails === true || sent?.dinnerRouteMails === true;
  const statusOf = (done: boolean | undefined, staleCount: number): StepStatus =>
    staleCount > 0 ? 'warning' : done ? 'done' : teams > 0 ? 'todo' : 'upcoming';
  const linkClass = 'font-semibold text-primary-700 underline underline-offset-2';
  return (
    <>
      <Step
        index={5}
        status={statusOf(teamsTold, stale.team)}
        title={<Trans>Tell the teams who they are</Trans>}
        testId="step-team-mails"
      >
        {stale.team > 0 ? (
          <NeedUpdate count={stale.team} />
        ) : teamsTold ? (
          <Trans>The teams know their partners and their meals.</Trans>
        ) : (
          <Trans>Every team gets a mail with its partner, its meal and where it cooks.</Trans>
        )}{' '}
        {teams > 0 && stale.team === 0 && (
          <Link href="/messages/teams" className={linkClass} data-testid="step-team-mails-link">
            {sent?.teamMails ? <Trans>Write to the teams again</Trans> : <Trans>Write to the teams</Trans>}
          </Link>
        )}
      </Step>
      <Step
        index={6}
        status={statusOf(sent?.dinnerRouteMails, stale.route)}
        title={<Trans>Send the dinner routes</Trans>}
        testId="step-routes"
      >
        {stale.route > 0 ? (
          <NeedUpdate count={stale.route} />
        ) : sent?.dinnerRouteMails ? (
          <Plural
            value={sent.dinnerRouteRecipients}
            one="# person got their dinner route."
            other="# people got their dinner routes."
          />
        ) : (
          <Trans>Shortly before the evening, everyone learns where to go for each meal.</Trans>
        )}{' '}
        {teams > 0 && <RouteMailsTiming dinner={dinner} sent={sent?.dinnerRouteMails === true} />}
        {teams > 0 && stale.route === 0 && (
          <Link href="/messages/dinnerroute" className={linkClass} data-testid="step-routes-link">
            {sent?.dinnerRouteMails ? <Trans>Send the routes again</Trans> : <Trans>Send the dinner routes</Trans>}
          </Link>
        )}
      </Step>
    </>
  );
}
