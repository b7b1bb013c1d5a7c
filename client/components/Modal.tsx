import { Dialog, DialogPanel } from '@headlessui/react';
import type { HTMLAttributes, ReactNode } from 'react';

type DropHandlers = Pick<HTMLAttributes<HTMLDivElement>, 'onDragOver' | 'onDragLeave' | 'onDrop'>;

interface ModalProps extends DropHandlers {
  open: boolean;
  onClose: () => void;
  /** The panel's width and inner layout, e.g. "max-w-lg p-6"; it is always a white card as wide as the screen allows. */
  className: string;
  testId?: string;
  /** A narrower margin on phones, for a dialog that needs the width (a table). */
  smallMarginOnPhone?: boolean;
  children: ReactNode;
}

/**
 * The shell of every dialog: a headlessui Dialog over a dimmed page, at the bottom of a phone's screen and in the
 * middle of a larger one. Focus is trapped and restored, Escape and a click beside the panel call onClose.
 */
export function Modal({
  open,
  onClose,
  className,
  testId,
  smallMarginOnPhone = false,
  children,
  ...dropHandlers
}: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
      <div
        className={`fixed inset-0 flex items-end justify-center sm:items-center ${smallMarginOnPhone ? 'p-2 sm:p-4' : 'p-4'}`}
      >
        <DialogPanel
          className={`w-full rounded-xl bg-white shadow-xl ${className}`}
          data-testid={testId}
          {...dropHandlers}
        >
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
