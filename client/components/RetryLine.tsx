import { Trans } from '@lingui/react/macro';

/** A failed fetch inside a card: what went wrong and a retry. */
export function RetryLine({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>{message}</p>
      <button type="button" className="mt-2 font-semibold underline underline-offset-2" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
