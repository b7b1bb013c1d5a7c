import type { ParticipantList } from '@contract/participants';
import { Plural, Trans } from '@lingui/react/macro';

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      className="mt-3 h-2 w-full overflow-hidden rounded-full bg-gray-100"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
    >
      <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Whether teams can be made, how many are missing for the next block of teams, and how many wait. */
export function WaitingListPanel({ list, mealCount }: { list: ParticipantList; mealCount: number }) {
  const {
    minimumParticipants: minimum,
    blockSize,
    teamMembers,
    waiting,
    missingForNextBlock: missing,
  } = list.waitingList;
  const confirmed = list.participants.length + list.participantsWaitingList.length;
  const teams = teamMembers / 2;
  const belowMinimum = teamMembers === 0;
  return (
    <section
      role="status"
      data-testid="waiting-list-status"
      data-below-minimum={belowMinimum}
      className={`rounded-xl border p-5 shadow-sm sm:p-6 ${belowMinimum ? 'border-amber-200 bg-amber-50' : 'border-gray-200 bg-white'}`}
    >
      {belowMinimum ? (
        <>
          <p className="text-lg font-semibold text-amber-950" data-testid="missing-for-teams">
            <Plural
              value={missing}
              one="# more participant needed before teams can be made"
              other="# more participants needed before teams can be made"
            />
          </p>
          <p className="mt-1 text-sm text-amber-900">
            <Trans>
              With {mealCount} meals a dinner needs at least {minimum} confirmed participants. {confirmed} of them have
              confirmed so far.
            </Trans>
          </p>
          <Bar value={confirmed} max={minimum} label={`${confirmed} / ${minimum}`} />
        </>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <p className="text-2xl font-bold tabular-nums text-gray-900" data-testid="team-members">
              {teamMembers}
            </p>
            <p className="text-sm text-gray-700">
              <Trans>participants make {teams} teams</Trans>
            </p>
          </div>
          <div>
            <p className="text-2xl font-bold tabular-nums text-gray-900" data-testid="missing-for-next-block">
              {missing}
            </p>
            <p className="text-sm text-gray-700">
              <Plural
                value={missing}
                one="participant missing for the next block of teams"
                other="participants missing for the next block of teams"
              />
            </p>
            <Bar value={waiting} max={blockSize} label={`${waiting} / ${blockSize}`} />
          </div>
          <div>
            <p
              className={`text-2xl font-bold tabular-nums ${waiting > 0 ? 'text-amber-800' : 'text-gray-900'}`}
              data-testid="waiting-count"
            >
              {waiting}
            </p>
            <p className="text-sm text-gray-700">
              {waiting > 0 ? (
                <Plural value={waiting} one="participant waits" other="participants wait" />
              ) : (
                <Trans>Nobody waits</Trans>
              )}
            </p>
          </div>
          <p className="text-sm text-gray-600 sm:col-span-3">
            <Trans>
              Beyond the first {minimum} participants, teams are made in blocks of {blockSize} people, in the order of
              the list. Whoever comes after the last complete block waits.
            </Trans>
          </p>
        </div>
      )}
    </section>
  );
}
