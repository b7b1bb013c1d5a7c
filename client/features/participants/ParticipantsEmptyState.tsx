import type { RunningDinner } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { AddParticipantLink } from './ParticipantsToolbar';

/** No participants yet: how they come, and the two ways to add them. */
export function ParticipantsEmptyState({
  dinner,
  readOnly,
  onImport,
}: {
  dinner: RunningDinner;
  readOnly: boolean;
  onImport: () => void;
}) {
  const closed = dinner.basicDetails.registrationType === 'CLOSED';
  return (
    <Card testId="participants-empty">
      <div className="mx-auto max-w-xl py-6 text-center">
        <p className="text-lg font-semibold text-gray-900">
          <Trans>No participants yet</Trans>
        </p>
        <p className="mt-2 text-gray-700">
          {readOnly ? (
            <Trans>Nobody registered for this running dinner.</Trans>
          ) : closed ? (
            <Trans>
              Registration is closed, so you add the participants yourself: one by one, or all at once from a
              spreadsheet.
            </Trans>
          ) : (
            <Trans>
              Share the registration link from the overview, or add people yourself: one by one, or all at once from a
              spreadsheet.
            </Trans>
          )}
        </p>
        {!readOnly && (
          <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
            <AddParticipantLink />
            <Button variant="secondary" onClick={onImport} data-testid="import-open">
              <Trans>Import from a file</Trans>
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
