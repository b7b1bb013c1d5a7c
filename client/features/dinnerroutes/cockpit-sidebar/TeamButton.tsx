import { Trans } from '@lingui/react/macro';

export function TeamButton({
  teamNumber,
  teamId,
  onSelectTeam,
}: {
  teamNumber: number;
  teamId: string;
  onSelectTeam: (teamId: string) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onSelectTeam(teamId)}
      className="font-semibold text-primary-700 underline-offset-2 hover:underline"
    >
      <Trans>Team {teamNumber}</Trans>
    </button>
  );
}
