import type { ReactNode } from 'react';
import { StopBadge } from './StopBadge';

/** One entry of the timeline: the number in its colour, then time, heading and details. */
export function TimelineItem({
  number,
  badgeClass,
  time,
  heading,
  children,
  testId,
  own = false,
}: {
  number: number;
  badgeClass: string;
  time: string;
  heading: ReactNode;
  children: ReactNode;
  testId: string;
  own?: boolean;
}) {
  return (
    <li className="group relative flex gap-4 pb-8 last:pb-0" data-testid={testId} data-own={own || undefined}>
      <span aria-hidden="true" className="absolute top-9 bottom-1 left-4 w-px bg-gray-200 group-last:hidden" />
      <StopBadge number={number} className={badgeClass} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <time className="text-lg font-bold tabular-nums text-gray-900">{time}</time>
          <span className="font-semibold text-gray-900">{heading}</span>
        </p>
        <div className="mt-1 space-y-2 text-sm leading-relaxed text-gray-700">{children}</div>
      </div>
    </li>
  );
}
