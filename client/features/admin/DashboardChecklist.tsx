import type { RunningDinner } from '@contract/dinner';
import { TEAM_SIZE } from '@contract/dinner';
import { minimumParticipantsOf } from '@domain/participants/waiting-list';
import { Plural, Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { formatTimestamp } from '../../components/dateFormat';
import { useTeams } from '../teams/hooks';
import { RouteMailsTiming } from './RouteMailsTiming';

type StepStatus = 'done' | 'todo' | 'warning' | 'upcoming';

function StepIcon({ status, index }: { status: StepStatus; index: number }) {
  const base = 'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold';
  if (status === 'done')
    return (
      <span className={`${base} bg-primary-700 text-white`} aria-hidden="true">
        ✓
      </span>
    );
  if (status === 'warning')
    return (
      <span className={`${base} bg-amber-100 text-amber-900 ring-2 ring-amber-400`} aria-hidden="true">
        !
      </span>
    );
  if (status === 'upcoming')
    return (
      <span className={`${base} border-2 border-dashed border-gray-300 text-gray-400`} aria-hidden="true">
        {index}
      </span>
    );
  return (
    <span className={`${base} border-2 border-primary-700 text-primary-800`} aria-hidden="true">
      {index}
    </span>
  );
}

function Step({
  index,
  status,
  title,
  children,
  testId,
}: {
  index: number;
  status: StepStatus;
  title: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const statusText = {
    done: <Trans>Done</Trans>,
    todo: <Trans>To do</Trans>,
    warning: <Trans>Needs attention</Trans>,
    upcoming: <Trans>Later</Trans>,
  }[status];
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0" data-testid={testId} data-status={status}>
      <StepIcon status={status} index={index} />
      <div className="min-w-0 flex-1">
        <p className={`font-semibold ${status === 'upcoming' ? 'text-gray-500' : 'text-gray-900'}`}>
          {title} <span className="sr-only">({statusText})</span>
        </p>
        {children && (
          <div className={`mt-1 text-sm leading-relaxed ${status === 'upcoming' ? 'text-gray-500' : 'text-gray-700'}`}>
            {children}
          </div>
        )}
      </div>
    </li>
  );
}

export function Checklist({ dinner }: { dinner: RunningDinner }) {
  const { registrationType } = dinner.basicDetails;
  const closed = registrationType === 'CLOSED';
  const confirmed = dinner.confirmedParticipantCount;
  const mealCount = dinner.options.meals.length;
  const needed = minimumParticipantsOf(mealCount, TEAM_SIZE);
  const minimumTeams = needed / TEAM_SIZE;
  const enough = confirmed >= needed;
  const deactivated = dinner.publicSettings.registrationDeactivated;
  const url = dinner.publicSettings.publicDinnerUrl;
  const percent = Math.min(100, Math.round((confirmed / needed) * 100));
  return (
    <Card title={<Trans>What to do next</Trans>} testId="checklist">
      <ol className="divide-y divide-gray-100">
        <Step
          index={1}
          status={dinner.messagingLocked ? 'todo' : 'done'}
          title={<Trans>Confirm your e-mail address</Trans>}
          testId="step-confirm"
        >
          {dinner.messagingLocked ? (
            <>
              <Trans>
                Click the link in the mail we sent to {dinner.email}. Until then you cannot send mails to participants.
              </Trans>{' '}
              <Link href="/resend" className="font-semibold text-primary-700 underline underline-offset-2">
                <Trans>Resend the link</Trans>
              </Link>
            </>
          ) : (
            <Trans>Confirmed on {formatTimestamp(dinner.acknowledgedDate)}.</Trans>
          )}
        </Step>
        {closed ? (
          <Step
            index={2}
            status={confirmed > 0 ? 'done' : 'todo'}
            title={<Trans>Add participants</Trans>}
            testId="step-share"
          >
            <Trans>Registration is closed, so only you add participants.</Trans>{' '}
            <Link href="/participants" className="font-semibold text-primary-700 underline underline-offset-2">
              <Trans>Go to the participants</Trans>
            </Link>
          </Step>
        ) : (
          <Step
            index={2}
            status={deactivated ? 'warning' : confirmed > 0 ? 'done' : 'todo'}
            title={<Trans>Share the registration link</Trans>}
            testId="step-share"
          >
            {registrationType === 'PUBLIC' ? (
              <Trans>Your running dinner is listed publicly. Share this link so people can register:</Trans>
            ) : (
              <Trans>Only people who have this link can register. Send it to everyone you want to invite:</Trans>
            )}
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
              <a
                href={url}
                className="min-w-0 flex-1 break-all rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-800 hover:underline"
                data-testid="public-url"
              >
                {url}
              </a>
              <CopyButton text={url} className="shrink-0" />
            </div>
            {deactivated && (
              <p className="mt-2 font-medium text-amber-900">
                <Trans>Registration is switched off at the moment.</Trans>{' '}
                <Link href="/settings" className="underline underline-offset-2">
                  <Trans>Switch it on in the settings</Trans>
                </Link>
              </p>
            )}
          </Step>
        )}
        <Step
          index={3}
          status={enough ? 'done' : 'todo'}
          title={<Trans>Gather enough participants</Trans>}
          testId="step-participants"
        >
          <p>
            <span className="font-semibold text-gray-900" data-testid="participant-count">
              <Trans>
                {confirmed} confirmed — {needed} needed
              </Trans>
            </span>
            <span className="block">
              <Trans>
                With {mealCount} meals you need at least {needed} people ({minimumTeams} teams of two).
              </Trans>
            </span>
          </p>
          <div
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-gray-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={needed}
            aria-valuenow={Math.min(confirmed, needed)}
          >
            <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
          </div>
        </Step>
        <TeamsStep enough={enough} />
        <MailSteps dinner={dinner} />
      </ol>
    </Card>
  );
}

function TeamsStep({ enough }: { enough: boolean }) {
  const { data } = useTeams();
  const teams = data?.teams.filter((team) => team.status !== 'CANCELLED').length ?? 0;
  const status: StepStatus = teams > 0 ? 'done' : enough ? 'todo' : 'upcoming';
  const link = (
    <Link
      href="/teams"
      className="font-semibold text-primary-700 underline underline-offset-2"
      data-testid="step-teams-link"
    >
      {teams > 0 ? <Trans>Show the teams</Trans> : <Trans>Go to the teams</Trans>}
    </Link>
  );
  return (
    <Step index={4} status={status} title={<Trans>Generate the teams</Trans>} testId="step-teams">
      {teams > 0 ? (
        <Trans>{teams} teams are ready. You can still swap members, hosts and meals.</Trans>
      ) : enough ? (
        <Trans>
          Enough participants have confirmed. Once registration has ended, form teams of two and decide who cooks which
          meal.
        </Trans>
      ) : (
        <Trans>Once enough participants have confirmed, you form teams of two and decide who cooks which meal.</Trans>
      )}{' '}
      {link}
    </Step>
  );
}

/** Steps 5 and 6: done once the team mails or the dinner routes went out (the teams answer says so), to do once there are teams. */
function MailSteps({ dinner }: { dinner: RunningDinner }) {
  const { data } = useTeams();
  const teams = data?.teams.filter((team) => team.status !== 'CANCELLED').length ?? 0;
  const sent = data?.sentMails;
  const statusOf = (done: boolean | undefined): StepStatus => (done ? 'done' : teams > 0 ? 'todo' : 'upcoming');
  const linkClass = 'font-semibold text-primary-700 underline underline-offset-2';
  return (
    <>
      <Step
        index={5}
        status={statusOf(sent?.teamMails)}
        title={<Trans>Tell the teams who they are</Trans>}
        testId="step-team-mails"
      >
        {sent?.teamMails ? (
          <Trans>The teams know their partners and their meals.</Trans>
        ) : (
          <Trans>Every team gets a mail with its partner, its meal and where it cooks.</Trans>
        )}{' '}
        {teams > 0 && (
          <Link href="/messages/teams" className={linkClass} data-testid="step-team-mails-link">
            {sent?.teamMails ? <Trans>Write to the teams again</Trans> : <Trans>Write to the teams</Trans>}
          </Link>
        )}
      </Step>
      <Step
        index={6}
        status={statusOf(sent?.dinnerRouteMails)}
        title={<Trans>Send the dinner routes</Trans>}
        testId="step-routes"
      >
        {sent?.dinnerRouteMails ? (
          <Plural
            value={sent.dinnerRouteRecipients}
            one="# person got their dinner route."
            other="# people got their dinner routes."
          />
        ) : (
          <Trans>Shortly before the evening, everyone learns where to go for each meal.</Trans>
        )}{' '}
        {teams > 0 && <RouteMailsTiming dinner={dinner} sent={sent?.dinnerRouteMails === true} />}
        {teams > 0 && (
          <Link href="/messages/dinnerroute" className={linkClass} data-testid="step-routes-link">
            {sent?.dinnerRouteMails ? <Trans>Send the routes again</Trans> : <Trans>Send the dinner routes</Trans>}
          </Link>
        )}
      </Step>
    </>
  );
}
