import type { SelfTeam, SelfTeamMember } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatTime } from '../../../components/dateFormat';

interface ConfirmHostChangeProps {
  team: SelfTeam;
  candidate: SelfTeamMember;
  othersNames: string;
  withComment: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmHostChange({
  team,
  candidate,
  othersNames,
  withComment,
  onConfirm,
  onClose,
}: ConfirmHostChangeProps) {
  const name = fullName(candidate);
  const meal = team.meal.label;
  const time = formatTime(team.meal.time);
  const address = `${candidate.street} ${candidate.streetNr}, ${candidate.zip} ${candidate.cityName}`;
  const seats = candidate.numSeats;
  const needed = team.seatsNeeded;
  return (
    <ConfirmDialog
      open
      title={candidate.isSelf ? <Trans>Host at your place?</Trans> : <Trans>Let {name} host?</Trans>}
      confirmLabel={<Trans>Change host</Trans>}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        <Trans>
          Your team then cooks {meal} at {time} at this address: <strong className="break-words">{address}</strong>
        </Trans>
      </p>
      {seats >= 0 && seats < needed && (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="self-host-seats-warning"
        >
          {candidate.isSelf ? (
            <Trans>
              You said you have seats for {seats}, but {needed} people eat at your table.
            </Trans>
          ) : (
            <Trans>
              {name} said there are seats for {seats}, but {needed} people eat at your table.
            </Trans>
          )}
        </p>
      )}
      <p>
        {withComment ? (
          <Trans>{othersNames} will be told by e-mail, with your message.</Trans>
        ) : (
          <Trans>{othersNames} will be told by e-mail.</Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
