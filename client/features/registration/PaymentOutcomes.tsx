import type { OrderStatus } from '@contract/orders';
import type { PublicRunningDinner } from '@contract/registration';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, LinkButton } from '../../components/Button';
import { formatDate } from '../../components/dateFormat';
import { Skeleton } from '../../components/Skeleton';
import type { ApiError } from '../../lib/api';
import { markReturned } from './payment';
import { publicDinnerUrl } from './registration.api';

type Tone = 'neutral' | 'success' | 'warning' | 'error';

const toneClass: Record<Tone, string> = {
  neutral: 'border-gray-200',
  success: 'border-primary-100',
  warning: 'border-amber-300',
  error: 'border-red-200',
};

const titleClass: Record<Tone, string> = {
  neutral: 'text-gray-900',
  success: 'text-primary-800',
  warning: 'text-amber-950',
  error: 'text-red-800',
};

interface OutcomeCardProps {
  tone: Tone;
  status: OrderStatus | 'LOADING' | 'UNKNOWN' | 'ERROR';
  title: ReactNode;
  icon?: ReactNode;
  dinner?: PublicRunningDinner;
  children: ReactNode;
  actions?: ReactNode;
  live?: boolean;
}

/** One card in the middle of the page: the event it is about, what happened, and the way on. Announced when it changes. */
function OutcomeCard({ tone, status, title, icon, dinner, children, actions, live }: OutcomeCardProps) {
  return (
    <div className="px-4 py-10 sm:py-16">
      <div
        className={`mx-auto max-w-xl rounded-xl border bg-white p-6 shadow-sm sm:p-8 ${toneClass[tone]}`}
        role="status"
        aria-live="polite"
        aria-busy={status === 'LOADING' || status === 'PENDING'}
        data-testid="payment-status"
        data-status={status}
        data-live={live === undefined ? undefined : String(live)}
      >
        {dinner && (
          <p className="text-sm font-semibold text-primary-700" data-testid="payment-event">
            <span className="break-words">{dinner.title}</span> · {formatDate(dinner.date)}
          </p>
        )}
        <div className={`flex items-start gap-3 ${dinner ? 'mt-3' : ''}`}>
          {icon}
          <h1 className={`text-2xl font-bold tracking-tight ${titleClass[tone]}`}>{title}</h1>
        </div>
        <div className="mt-4 space-y-3 leading-relaxed text-gray-800">{children}</div>
        {actions && <div className="mt-6 flex flex-col gap-3 sm:flex-row">{actions}</div>}
      </div>
    </div>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="mt-1.5 inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-primary-100 border-t-primary-700"
    />
  );
}

function Tick() {
  return (
    <span
      aria-hidden="true"
      className="mt-0.5 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary-700 text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
    </span>
  );
}

function OrganiserMail({ dinner }: { dinner?: PublicRunningDinner }) {
  const contact = dinner?.publicContactEmail;
  if (!contact) return null;
  const mail = (
    <a
      href={`mailto:${contact}`}
      className="font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
    >
      {contact}
    </a>
  );
  return (
    <p className="text-sm text-gray-700">
      <Trans>Questions? Write to the organiser at {mail}.</Trans>
    </p>
  );
}

function EventPageLink({
  publicDinnerId,
  variant = 'secondary',
}: {
  publicDinnerId: string;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <LinkButton
      href={publicDinnerUrl(publicDinnerId)}
      variant={variant}
      className="w-full px-5 py-2.5 text-base sm:w-auto"
    >
      <Trans>To the event page</Trans>
    </LinkButton>
  );
}

export function Pending({ dinner, live }: { dinner?: PublicRunningDinner; live: boolean }) {
  const slow = useTakingLong(true, SLOW_AFTER_MS);
  return (
    <OutcomeCard
      tone="neutral"
      status="PENDING"
      title={<Trans>Your payment is being confirmed…</Trans>}
      icon={<Spinner />}
      dinner={dinner}
      live={live}
    >
      <p>
        <Trans>
          Thank you! We are waiting for the payment service to confirm your payment. This usually takes a few seconds,
          and the result appears here by itself.
        </Trans>
      </p>
      {slow && (
        <p data-testid="payment-slow">
          <Trans>
            This is taking longer than usual. Some payment methods need a few days. As soon as your payment is
            confirmed, we register you and send you an e-mail, so you may close this page.
          </Trans>
        </p>
      )}
      <p className="flex items-center gap-2 text-sm text-gray-600">
        <span
          aria-hidden="true"
          className={`inline-block h-2 w-2 rounded-full ${live ? 'bg-primary-600' : 'bg-gray-400'}`}
        />
        {live ? (
          <Trans>Connected: the confirmation shows up here at once.</Trans>
        ) : (
          <Trans>We check again every few seconds.</Trans>
        )}
      </p>
    </OutcomeCard>
  );
}

export function Paid({ dinner, publicDinnerId }: { dinner?: PublicRunningDinner; publicDinnerId: string }) {
  return (
    <OutcomeCard
      tone="success"
      status="PAID"
      title={<Trans>You are registered!</Trans>}
      icon={<Tick />}
      dinner={dinner}
      actions={<EventPageLink publicDinnerId={publicDinnerId} />}
    >
      <p>
        <Trans>Your payment has arrived and your registration is complete. We have sent you an e-mail about it.</Trans>
      </p>
      <p className="text-gray-700">
        <Trans>
          Nothing else to do for now. Once registration has closed, the organiser forms the teams and sends you an
          e-mail with your partner, the course you cook and your route.
        </Trans>
      </p>
    </OutcomeCard>
  );
}

export function PaidNotRegistered({
  dinner,
  publicDinnerId,
}: {
  dinner?: PublicRunningDinner;
  publicDinnerId: string;
}) {
  return (
    <OutcomeCard
      tone="warning"
      status="PAID_NOT_REGISTERED"
      title={<Trans>Paid, but the registration was no longer possible</Trans>}
      dinner={dinner}
      actions={<EventPageLink publicDinnerId={publicDinnerId} />}
    >
      <p>
        <Trans>
          Your payment arrived, but meanwhile the registration closed or your e-mail address was registered already. So
          you are not registered, and the organiser refunds the fee to you.
        </Trans>
      </p>
      <OrganiserMail dinner={dinner} />
    </OutcomeCard>
  );
}

export function Failed({
  dinner,
  publicDinnerId,
  orderId,
}: {
  dinner?: PublicRunningDinner;
  publicDinnerId: string;
  orderId: string;
}) {
  return (
    <OutcomeCard
      tone="error"
      status="FAILED"
      title={<Trans>The payment failed</Trans>}
      dinner={dinner}
      actions={
        <LinkButton
          href={publicDinnerUrl(publicDinnerId)}
          onClick={() => markReturned(publicDinnerId, orderId, 'failed')}
          className="w-full px-5 py-2.5 text-base sm:w-auto"
          data-testid="payment-try-again"
        >
          <Trans>Try again</Trans>
        </LinkButton>
      }
    >
      <p>
        <Trans>
          Your payment did not go through, so you are not registered and nothing was charged. Please try again, perhaps
          with another payment method.
        </Trans>
      </p>
      <OrganiserMail dinner={dinner} />
    </OutcomeCard>
  );
}

export function Refunded({ dinner, publicDinnerId }: { dinner?: PublicRunningDinner; publicDinnerId: string }) {
  return (
    <OutcomeCard
      tone="neutral"
      status="REFUNDED"
      title={<Trans>Your fee was refunded</Trans>}
      dinner={dinner}
      actions={<EventPageLink publicDinnerId={publicDinnerId} />}
    >
      <p>
        <Trans>The organiser has paid your registration fee back to you.</Trans>
      </p>
      <OrganiserMail dinner={dinner} />
    </OutcomeCard>
  );
}

export function Loading({ dinner }: { dinner?: PublicRunningDinner }) {
  return (
    <OutcomeCard
      tone="neutral"
      status="LOADING"
      title={<Trans>Checking your payment…</Trans>}
      icon={<Spinner />}
      dinner={dinner}
    >
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </OutcomeCard>
  );
}

export function Failure({
  error,
  dinner,
  publicDinnerId,
  onRetry,
}: {
  error: ApiError;
  dinner?: PublicRunningDinner;
  publicDinnerId: string;
  onRetry: () => void;
}) {
  if (error.status === 404) {
    return (
      <OutcomeCard
        tone="warning"
        status="UNKNOWN"
        title={<Trans>We cannot find this payment</Trans>}
        dinner={dinner}
        actions={<EventPageLink publicDinnerId={publicDinnerId} variant="primary" />}
      >
        <p>
          <Trans>
            Maybe the link is incomplete. If you have paid, you get an e-mail as soon as your registration is confirmed.
          </Trans>
        </p>
        <OrganiserMail dinner={dinner} />
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard
      tone="error"
      status="ERROR"
      title={<Trans>We cannot show the state of your payment right now</Trans>}
      dinner={dinner}
      actions={
        <Button onClick={onRetry} className="w-full px-5 py-2.5 text-base sm:w-auto">
          <Trans>Try again</Trans>
        </Button>
      }
    >
      <p>{error.message}</p>
      <p className="text-gray-700">
        <Trans>If you have paid, that is not lost: you get an e-mail as soon as your registration is confirmed.</Trans>
      </p>
    </OutcomeCard>
  );
}

/** After this long without an outcome the page says that some payment methods take longer. */
const SLOW_AFTER_MS = 20_000;

/** True once `ms` have passed while `active` stayed true. */
function useTakingLong(active: boolean, ms: number) {
  const [long, setLong] = useState(false);
  useEffect(() => {
    setLong(false);
    if (!active) return;
    const timer = setTimeout(() => setLong(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return long;
}
