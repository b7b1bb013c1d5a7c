import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** One figure of the proposal: before → after, with how much shorter. */
export function FigureChange({
  label,
  before,
  after,
  testId,
  shorter,
}: {
  label: ReactNode;
  before: ReactNode;
  after: ReactNode;
  testId: string;
  shorter?: ReactNode;
}) {
  return (
    <div className="col-span-2 rounded-lg bg-gray-50 p-2" data-testid={testId}>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-1.5 text-gray-900">
        <span className="tabular-nums">{before}</span>
        <span aria-hidden="true">→</span>
        <span className="sr-only">
          <Trans>changes to</Trans>
        </span>
        <span className="font-semibold tabular-nums">{after}</span>
        {shorter && <span className="text-sm font-semibold text-primary-800">{shorter}</span>}
      </dd>
    </div>
  );
}
