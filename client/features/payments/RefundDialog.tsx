import type { PaymentOrder } from '@contract/orders';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatAmount } from '../../components/numberFormat';
import { errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { useRefund } from './hooks';

/**
 * Asks before paying an order back, naming the amount and the person. The server refunds an order once: a second
 * refund (another tab, a double click) changes nothing, and the snackbar says so.
 */
export function RefundDialog({ order, onClose }: { order: PaymentOrder | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const refund = useRefund();
  const name = order ? fullName(order) || order.email : '';
  const amount = order ? formatAmount(order.amountCents, order.currency, i18n.locale) : '';
  const email = order?.email ?? '';

  const confirm = async () => {
    if (!order) return;
    try {
      const answer = await refund(order.id);
      if (answer.refunded) snackbar(t`${amount} refunded to ${name}.`);
      else snackbar(t`The payment of ${name} had already been refunded. Nothing changed.`, 'info');
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open={order !== null}
      danger
      title={
        <Trans>
          Refund {amount} to {name}?
        </Trans>
      }
      confirmLabel={<Trans>Refund {amount}</Trans>}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>
        <Trans>
          Stripe pays <strong>{amount}</strong> back to the card or account that {name} ({email}) paid with. This cannot
          be undone.
        </Trans>
      </p>
      {order?.status === 'PAID' && (
        <p data-testid="refund-stays-registered">
          <Trans>
            {name} stays registered. If they should no longer take part, remove them from the participants as well.
          </Trans>
        </p>
      )}
    </ConfirmDialog>
  );
}
