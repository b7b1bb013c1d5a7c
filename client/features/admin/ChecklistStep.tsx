import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

// One step of the dashboard's checklist: its number or a tick, its title and what to do.

export type StepStatus = 'done' | 'todo' | 'warning' | 'upcoming';

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

export function Step({
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
