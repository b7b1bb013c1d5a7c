import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { snackbar, toast } from '../lib/toasts';

/**
 * A call the user started, with the usual outcome: `busy` while it runs, then `success` (or what it says of the
 * call's answer; null when the page shows the outcome in its own layout) in the snackbar, or the
 * server's translated reason as an error toast. `run` answers whether the call succeeded. `runningFor` is the
 * subject `run` was given, for a list whose rows each start the same call (the row that says "Confirming…").
 */
export function useAction<Subject = undefined>() {
  const [running, setRunning] = useState<{ subject?: Subject } | null>(null);

  const run = async <T>(
    call: () => Promise<T>,
    success: string | ((answer: T) => string | null),
    subject?: Subject,
  ): Promise<boolean> => {
    setRunning({ subject });
    try {
      const answer = await call();
      const text = typeof success === 'string' ? success : success(answer);
      if (text !== null) snackbar(text);
      return true;
    } catch (e) {
      toast(errorMessage(e), 'error');
      return false;
    } finally {
      setRunning(null);
    }
  };

  return { busy: running !== null, runningFor: running?.subject, run };
}
