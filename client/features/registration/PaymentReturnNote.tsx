import { Trans } from '@lingui/react/macro';
import type { ReturnReason } from './payment';

/** Above the form given back after the payment page: what happened to the payment, and that the details are still there. */
export function PaymentReturnNote({ reason, restored }: { reason: ReturnReason; restored: boolean }) {
  const warning = reason === 'failed';
  return (
    <div
      role="status"
      data-testid="payment-return-note"
      data-reason={reason}
      className={`rounded-xl border p-4 sm:p-5 ${warning ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-gray-200 bg-gray-50 text-gray-900'}`}
    >
      <p className="font-semibold">
        {reason === 'cancelled' && <Trans>Payment cancelled – nothing was paid</Trans>}
        {reason === 'failed' && <Trans>The payment did not go through – nothing was paid</Trans>}
        {reason === 'left' && <Trans>You are not registered yet</Trans>}
      </p>
      <p className="mt-1 text-sm leading-relaxed">
        {reason === 'left' ? (
          <Trans>
            Your registration counts only once the fee is paid. We filled in your details from before: check them and
            continue when you are ready.
          </Trans>
        ) : restored ? (
          <Trans>
            You are not registered yet. Your details are still filled in: check them and continue when you are ready.
          </Trans>
        ) : (
          <Trans>You are not registered yet. Please fill in the form once more to register.</Trans>
        )}
      </p>
    </div>
  );
}
