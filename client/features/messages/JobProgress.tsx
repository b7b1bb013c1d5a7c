import { Trans, useLingui } from '@lingui/react/macro';

interface JobProgressProps {
  total: number;
  sent: number;
  failed: number;
  /** A thin bar without the sentence (the history list). */
  compact?: boolean;
}

/** How far a job is: a bar (sent green, failed red) and "120 of 300 sent, 2 failed". */
export function JobProgress({ total, sent, failed, compact = false }: JobProgressProps) {
  const { t } = useLingui();
  const percent = (n: number) => (total > 0 ? Math.min(100, (n / total) * 100) : 0);
  const done = sent + failed;
  const text = failed > 0 ? t`${sent} of ${total} sent, ${failed} failed` : t`${sent} of ${total} sent`;
  return (
    <div data-testid="job-progress" data-sent={sent} data-failed={failed} data-total={total}>
      {!compact && (
        <p className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span className="text-lg font-semibold text-gray-900 tabular-nums" data-testid="job-progress-text">
            {failed > 0 ? (
              <Trans>
                {sent} of {total} sent, <span className="text-red-800">{failed} failed</span>
              </Trans>
            ) : (
              <Trans>
                {sent} of {total} sent
              </Trans>
            )}
          </span>
          <span className="text-sm text-gray-600 tabular-nums">{Math.round(percent(done))} %</span>
        </p>
      )}
      <div
        className={`flex w-full overflow-hidden rounded-full bg-gray-100 ${compact ? 'h-1.5' : 'h-3'}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        aria-label={text}
      >
        <div className="h-full bg-primary-600 transition-[width] duration-300" style={{ width: `${percent(sent)}%` }} />
        <div className="h-full bg-red-600 transition-[width] duration-300" style={{ width: `${percent(failed)}%` }} />
      </div>
    </div>
  );
}
