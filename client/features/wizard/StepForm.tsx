import { Trans } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toasts';

export interface StepFormProps {
  /** Validates and saves; resolves when done (or when it showed errors). */
  onSubmit: () => Promise<void> | void;
  onBack?: () => void;
  nextLabel?: ReactNode;
  children: ReactNode;
}

/** A step's form: its cards, then Back and Next. Enter submits; failures other than field errors become a toast. */
export function StepForm({ onSubmit, onBack, nextLabel, children }: StepFormProps) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit();
    } catch (error) {
      toast(error instanceof ApiError || error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {children}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button variant="secondary" onClick={onBack} className="w-full sm:w-auto">
            <Trans>Back</Trans>
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full px-6 py-2.5 sm:w-auto">
          {busy ? <Trans>Checking…</Trans> : (nextLabel ?? <Trans>Next</Trans>)}
        </Button>
      </div>
    </form>
  );
}
