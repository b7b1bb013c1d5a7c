import { Plural, Trans } from '@lingui/react/macro';

/** How many more to pick or to remove, and whether enough people wait at all. */
export function ReplacementHint({
  teamSize,
  missing,
  surplus,
  waitingCount,
}: {
  teamSize: number;
  missing: number;
  surplus: number;
  waitingCount: number;
}) {
  return (
    <p className="mt-1 text-sm" aria-live="polite" data-testid="replacement-hint">
      {missing > 0 ? (
        <span className="text-gray-700">
          <Trans>
            Pick exactly {teamSize}: {missing} more to pick.
          </Trans>
        </span>
      ) : surplus > 0 ? (
        <span className="font-medium text-red-700">
          <Trans>
            Only {teamSize} fit into a team: remove {surplus}.
          </Trans>
        </span>
      ) : (
        <span className="font-medium text-primary-800">
          <Trans>Exactly {teamSize} picked.</Trans>
        </span>
      )}
      {waitingCount < teamSize && (
        <span className="mt-1 block font-medium text-red-700">
          <Plural
            value={waitingCount}
            one="Only # person waits: too few to replace a team."
            other="Only # people wait: too few to replace a team."
          />
        </span>
      )}
    </p>
  );
}
