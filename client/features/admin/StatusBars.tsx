import type { RunningDinner } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate, formatTimestamp } from '../../components/dateFormat';

interface BarProps {
  tone: 'red' | 'amber' | 'pink' | 'gray';
  testId: string;
  /** The bold first sentence. */
  title: ReactNode;
  /** What follows it. */
  children: ReactNode;
  /** A link after the text. */
  action?: ReactNode;
}

function Bar({ tone, testId, title, children, action }: BarProps) {
  const tones = {
    red: 'border-red-200 bg-red-50 text-red-900',
    amber: 'border-amber-200 bg-amber-50 text-amber-900',
    pink: 'border-secondary-100 bg-secondary-100 text-secondary-700',
    gray: 'border-gray-200 bg-gray-100 text-gray-800',
  };
  return (
    <div role="status" data-testid={testId} className={`border-b ${tones[tone]}`}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
        <span className={action ? 'min-w-0 flex-1' : undefined}>
          <strong className="font-semibold">{title}</strong> {children}
        </span>
        {action}
      </div>
    </div>
  );
}

/** What every admin page must say first: read-only, demo, or not yet confirmed. */
export function StatusBars({ dinner }: { dinner: RunningDinner }) {
  const email = dinner.email;
  return (
    <>
      {dinner.readOnlyReason === 'CANCELLED' && (
        <Bar tone="red" testId="bar-cancelled" title={<Trans>This running dinner was cancelled.</Trans>}>
          <Trans>
            Nothing can be changed any more. It will be deleted with all its data on{' '}
            {formatTimestamp(dinner.deletionDate)}.
          </Trans>
        </Bar>
      )}
      {dinner.readOnlyReason === 'DATE_PASSED' && (
        <Bar
          tone="gray"
          testId="bar-date-passed"
          title={<Trans>This running dinner took place on {formatDate(dinner.basicDetails.date)}.</Trans>}
        >
          <Trans>You can still look at everything, but nothing can be changed any more.</Trans>
        </Bar>
      )}
      {dinner.runningDinnerType === 'DEMO' && (
        <Bar tone="pink" testId="bar-demo" title={<Trans>This is a demo.</Trans>}>
          {dinner.messagingLocked ? (
            <Trans>
              Try everything you like: the participants are made up, and all mails go only to you ({email}), once you
              have confirmed that address.
            </Trans>
          ) : (
            <Trans>
              Try everything you like: the participants are made up, and all mails go only to you ({email}).
            </Trans>
          )}
        </Bar>
      )}
      {dinner.messagingLocked && dinner.readOnlyReason === null && (
        <Bar
          tone="amber"
          testId="bar-unconfirmed"
          title={<Trans>Please confirm your e-mail address.</Trans>}
          action={
            <Link
              href="/resend"
              className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-950"
            >
              <Trans>Resend the link</Trans>
            </Link>
          }
        >
          {dinner.basicDetails.registrationType === 'CLOSED' ? (
            <Trans>
              We sent a link to <span className="break-all">{email}</span>. Until you click it, you cannot send mails to
              your participants.
            </Trans>
          ) : (
            <Trans>
              We sent a link to <span className="break-all">{email}</span>. Until you click it, nobody can register and
              you cannot send mails to your participants.
            </Trans>
          )}
        </Bar>
      )}
    </>
  );
}
