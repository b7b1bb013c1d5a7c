import type { TeamCancellationResult } from '@contract/teams';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import type { TeamActions } from '../hooks';

/** What cancelling the team would change, as the server answers a dry run; `retry` asks again. */
export function useDryRun(actions: TeamActions, teamId: string) {
  const [dryRun, setDryRun] = useState<TeamCancellationResult | null>(null);
  const [dryRunError, setDryRunError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per team and retry; the actions object is new on every render
  useEffect(() => {
    let current = true;
    setDryRunError(null);
    actions
      .cancelTeam(teamId, { dryRun: true })
      .then((result) => current && setDryRun(result))
      .catch((e: unknown) => current && setDryRunError(errorMessage(e)));
    return () => {
      current = false;
    };
  }, [teamId, attempt]);

  return { dryRun, dryRunError, retry: () => setAttempt((a) => a + 1) };
}
