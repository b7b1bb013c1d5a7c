import type { RunningDinner } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { formatTimestamp } from '../../../components/dateFormat';
import { CancelDialog } from './CancelDialog';

/** Cancelling is irreversible: the dialog (CancelDialog) names the consequence and wants the title typed. */
export function DangerZone({ dinner }: { dinner: RunningDinner }) {
  const [open, setOpen] = useState(false);

  if (dinner.readOnlyReason === 'CANCELLED') {
    return (
      <section className="rounded-xl border border-red-200 bg-red-50 p-5 sm:p-6" data-testid="cancelled-notice">
        <h2 className="text-lg font-semibold text-red-800">
          <Trans>Cancelled</Trans>
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-red-900">
          <Trans>
            This running dinner was cancelled on {formatTimestamp(dinner.cancellationDate)}. It will be deleted with all
            its data on <strong data-testid="deletion-date">{formatTimestamp(dinner.deletionDate)}</strong>.
          </Trans>
        </p>
      </section>
    );
  }

  return (
    <section className="rounded-xl border border-red-200 bg-white p-5 shadow-sm sm:p-6" data-testid="danger-zone">
      <h2 className="text-lg font-semibold text-red-800">
        <Trans>Danger zone</Trans>
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-gray-700">
          <p className="font-semibold text-gray-900">
            <Trans>Cancel the running dinner</Trans>
          </p>
          <p className="mt-1">
            <Trans>
              Everyone registered gets your message, nobody can register or change anything any more, and two days later
              everything is deleted. This cannot be undone.
            </Trans>
          </p>
        </div>
        <Button
          variant="danger"
          className="shrink-0"
          disabled={dinner.readOnlyReason !== null}
          onClick={() => setOpen(true)}
        >
          <Trans>Cancel running dinner…</Trans>
        </Button>
      </div>
      <CancelDialog dinner={dinner} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
