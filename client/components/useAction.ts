import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { snackbar, toast } from '../lib/toasts';

/**
 * A call the user started, with the usual outcome: `busy` while it runs, then `success` in the snackbar, or the
 * server's translated reason as an error toast. `run` answers whether the call succeeded. `runningFor` is the
 * subject `run` was given, for a list whose rows each start the same call (the row that says "Confirming…").
 */
export function useAction<Subject = undefined>() {
  const [running, setRunning] = useState<{ subject?: Subject } | null>(null);

  const run = async (call: () => Promise<unknown>, success: string, subject?: Subject): Promise<boolean> => {
    setRunning({ subject });
    try {
      await call();
      snackbar(success);
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
