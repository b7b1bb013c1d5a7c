import { DialogTitle } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** Names the consequence in plain words. */
  children: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  /** e.g. until the title was typed */
  confirmDisabled?: boolean;
  onConfirm: () => Promise<unknown> | undefined;
  onClose: () => void;
}

/**
 * A dialog for decisions: Escape and the back button close it.
 * While onConfirm runs the buttons are disabled, so a double click cannot fire twice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
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
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      // A dialog taller than the screen (a message to write) scrolls inside: its buttons stay reachable.
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto p-6"
    >
      <DialogTitle className={`text-lg font-semibold ${danger ? 'text-red-800' : 'text-gray-900'}`}>
        {title}
      </DialogTitle>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-gray-700">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={() => void confirm()}
          disabled={busy || confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
