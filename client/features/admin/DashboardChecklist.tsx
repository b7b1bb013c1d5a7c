import type { RunningDinner } from '@contract/dinner';
import { TEAM_SIZE } from '@contract/dinner';
import { minimumParticipantsOf } from '@domain/participants/waiting-list';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { formatTimestamp } from '../../components/dateFormat';
import { useTeams } from '../teams/hooks';
import { Step, type StepStatus } from './ChecklistStep';
import { MailSteps } from './MailSteps';

export function Checklist({ dinner }: { dinner: RunningDinner }) {
  const { registrationType } = dinner.basicDetails;
  const closed = registrationType === 'CLOSED';
  const confirmed = dinner.confirmedParticipantCount;
  const mealCount = dinner.options.meals.length;
  const needed = minimumParticipantsOf(mealCount, TEAM_SIZE);
  const minimumTeams = needed / TEAM_SIZE;
  const enough = confirmed >= needed;
  const countId = useId();
  const deactivated = dinner.publicSettings.registrationDeactivated;
  const unconfirmed = dinner.messagingLocked;
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
              {closed ? (
                <Trans>
                  Click the link in the mail we sent to {dinner.email}. Until then you cannot send mails to
                  participants.
                </Trans>
              ) : (
                <Trans>
                  Click the link in the mail we sent to {dinner.email}. Until then nobody can register and you cannot
                  send mails to participants.
                </Trans>
              )}{' '}
              <Link href="/resend" className="font-semibold text-primary-700 underline underline-offset-2">
                <Trans>Resend the link</Trans>
              </Link>
              {' · '}
              <Link
                href="/resend"
                className="font-semibold text-primary-700 underline underline-offset-2"
                data-testid="step-confirm-other-address"
              >
                <Trans>Wrong address? Send it to another one</Trans>
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
            status={unconfirmed ? 'upcoming' : deactivated ? 'warning' : confirmed > 0 ? 'done' : 'todo'}
            title={<Trans>Share the registration link</Trans>}
            testId="step-share"
          >
            {unconfirmed ? (
              registrationType === 'PUBLIC' ? (
                <Trans>
                  Once you have confirmed your e-mail address (step 1), your running dinner is listed publicly and takes
                  registrations. Until then its page says that registration opens soon:
                </Trans>
              ) : (
                <Trans>
                  Once you have confirmed your e-mail address (step 1), people with this link can register. Until then
                  its page says that registration opens soon:
                </Trans>
              )
            ) : registrationType === 'PUBLIC' ? (
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
            <span id={countId} className="font-semibold text-gray-900" data-testid="participant-count">
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
            aria-labelledby={countId}
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
