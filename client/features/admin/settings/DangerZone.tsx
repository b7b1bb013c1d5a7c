import type { RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatTimestamp } from '../../../components/dateFormat';
import { inputClass } from '../../../components/form';
import { useAction } from '../../../components/useAction';
import { useDinnerMutation } from '../hooks';

/** Cancelling is irreversible, so the dialog names the consequence and wants the title typed. */
export function DangerZone({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const { run } = useAction();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const title = dinner.basicDetails.title;
  const count = dinner.participantCount;
  const matches = typed.trim() === title.trim();

  const cancel = () =>
    run(async () => {
      await mutateDinner('delete', '');
      setOpen(false);
    }, t`The running dinner was cancelled.`);

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
              Nobody can register or change anything any more, and two days later everything is deleted. This cannot be
              undone.
            </Trans>
          </p>
        </div>
        <Button
          variant="danger"
          className="shrink-0"
          disabled={dinner.readOnlyReason !== null}
          onClick={() => {
            setTyped('');
            setOpen(true);
          }}
        >
          <Trans>Cancel running dinner…</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        danger
        title={<Trans>Cancel “{title}”?</Trans>}
        confirmLabel={<Trans>Cancel for good</Trans>}
        confirmDisabled={!matches}
        onClose={() => setOpen(false)}
        onConfirm={cancel}
      >
        <p>
          {count > 0 ? (
            <Trans>
              <strong>{count} participants</strong> can no longer take part. They are not informed automatically –
              please write to them yourself.
            </Trans>
          ) : (
            <Trans>Nobody has registered yet.</Trans>
          )}
        </p>
        <p>
          <Trans>
            The running dinner becomes read-only at once, and two days later it is deleted with all participants and
            mails. This cannot be undone.
          </Trans>
        </p>
        <div>
          <label htmlFor={inputId} className="mb-1 block font-medium text-gray-800">
            <Trans>
              To confirm, type the title: <span className="font-semibold break-words select-all">{title}</span>
            </Trans>
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            className={`${inputClass} border-gray-300 focus:border-red-600 focus:ring-red-600/30`}
            data-testid="cancel-title-input"
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
