import { type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toasts';
import { type Refusal, refusalOf } from '../optimizationModel';

export const cardClass = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';

/** A refusal the panel explains where it happened, with the server's words. */
export interface Refused {
  kind: Refusal;
  message: string;
}

export function Figure({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg bg-gray-50 p-2" data-testid={testId}>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-semibold text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function RefusalNote({ refused, children }: { refused: Refused; children?: ReactNode }) {
  const warning = refused.kind === 'busy' || refused.kind === 'too_few_positions';
  return (
    <div
      role="alert"
      className={`rounded-lg border p-3 ${warning ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-red-200 bg-red-50 text-red-900'}`}
      data-testid="optimization-refused"
      data-refusal={refused.kind}
    >
      <p>{refused.message}</p>
      {children}
    </div>
  );
}

/** Keeps a refusal of the optimisation's contract to show where it happened. */
export function useRefusal() {
  const [refused, setRefused] = useState<Refused | null>(null);
  /** Keeps a refusal of the contract to show in place; any other failure becomes an error toast. */
  const fail = (e: unknown) => {
    const kind = e instanceof ApiError ? refusalOf(e) : null;
    if (kind) setRefused({ kind, message: errorMessage(e) });
    else toast(errorMessage(e), 'error');
  };
  return { refused, fail, clear: () => setRefused(null) };
}
