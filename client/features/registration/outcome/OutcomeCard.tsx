import type { OrderStatus } from '@contract/orders';
import type { PublicRunningDinner } from '@contract/registration';
import type { ReactNode } from 'react';
import { formatDate } from '../../../components/dateFormat';

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
export function OutcomeCard({ tone, status, title, icon, dinner, children, actions, live }: OutcomeCardProps) {
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

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="mt-1.5 inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-primary-100 border-t-primary-700"
    />
  );
}

export function Tick() {
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
