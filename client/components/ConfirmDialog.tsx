import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Button } from './Button';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** Names the consequence in plain words. */
  children: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  /** e.g. until the title was typed */
  confirmDisabled?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/**
 * A headlessui dialog for decisions: focus is trapped and restored, Escape and the cancel button close it.
 * While onConfirm runs the buttons are disabled, so a double click cannot fire twice.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger = false, confirmDisabled = false, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className={`text-lg font-semibold ${danger ? 'text-red-800' : 'text-gray-900'}`}>{title}</DialogTitle>
          <div className="mt-3 space-y-3 text-sm leading-relaxed text-gray-700">{children}</div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              <Trans>Back</Trans>
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} onClick={() => void confirm()} disabled={busy || confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
