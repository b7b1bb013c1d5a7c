import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';

/** Cancelled or replaced, the team's members leave the dinner and are deleted: said in the colour of what cannot be undone. */
export function MembersLeave({ team }: { team: Team }) {
  if (team.teamMembers.length === 0) return null;
  const members = team.teamMembers.map(fullName).join(', ');
  return (
    <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="members-removed">
      <Trans>
        <strong>{members}</strong> leave the running dinner and are deleted with all their data. Nobody is informed
        automatically.
      </Trans>
    </p>
  );
}
