import type { SelfTeam } from '@contract/self-teams';
import { Trans } from '@lingui/react/macro';

/** Why the host cannot be changed, when it cannot. */
export function NotChangeable({ team }: { team: SelfTeam }) {
  const note = 'mt-4 rounded-lg border p-3 text-sm';
  if (team.status === 'CANCELLED')
    return (
      <p className={`${note} border-red-200 bg-red-50 text-red-800`} data-testid="self-team-cancelled">
        <Trans>Your team was cancelled. If something is wrong, please contact the organiser.</Trans>
      </p>
    );
  if (team.readOnlyReason)
    return (
      <p className={`${note} border-gray-200 bg-gray-50 text-gray-700`} data-testid="self-team-read-only">
        {team.readOnlyReason === 'CANCELLED' ? (
          <Trans>The running dinner was cancelled.</Trans>
        ) : (
          <Trans>The running dinner is over: nothing can be changed any more.</Trans>
        )}
      </p>
    );
  if (team.registeredTogether)
    return (
      <p className={`${note} border-gray-200 bg-gray-50 text-gray-700`} data-testid="self-team-registered-together">
        <Trans>
          You registered together, so you cook in the kitchen of the one who registered and the host stays the same. If
          something is wrong, please contact the organiser.
        </Trans>
      </p>
    );
  return (
    <p className={`${note} border-amber-300 bg-amber-50 text-amber-950`} data-testid="self-team-alone">
      <Trans>
        You are the only member of your team at the moment, so nobody else can host. If something is wrong, please
        contact the organiser.
      </Trans>
    </p>
  );
}
