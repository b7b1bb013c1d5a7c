import type { RunningDinner } from '@contract/dinner';
import { waitingListStatus } from '@domain/participants/waiting-list';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { GenerationOptions } from './PlanDetails';

/** Generation runs in a worker on the server and answers when the plan is stored; until then this says what we wait for. */
export function GeneratingNotice({ participants }: { participants: number }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-xl border border-primary-100 bg-primary-50 p-4"
      data-testid="generating"
    >
      <p className="text-sm font-medium text-primary-800">
        <Trans>
          Forming teams from {participants} participants and planning who visits whom. This can take a moment.
        </Trans>
      </p>
      <div className="mt-3 h-2 w-full overflow-hidden rounded-full bg-primary-100">
        <div className="h-full w-1/3 animate-[teams-progress_1.4s_ease-in-out_infinite] rounded-full bg-primary-600" />
      </div>
      <style>{'@keyframes teams-progress{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}'}</style>
    </div>
  );
}

/** No teams yet: what generating does, whether there are enough participants, and the button. */
export function GeneratePanel({
  dinner,
  readOnly,
  generating,
  onGenerate,
}: {
  dinner: RunningDinner;
  readOnly: boolean;
  generating: boolean;
  onGenerate: () => void;
}) {
  const confirmed = dinner.confirmedParticipantCount;
  const meals = dinner.options.meals.length;
  const status = waitingListStatus(confirmed, meals, dinner.options.teamSize);
  const needed = status.minimumParticipants;
  const enough = confirmed >= needed;
  const teams = status.teamMembers / dinner.options.teamSize;
  const waiting = status.waiting;
  const missing = status.missingForNextBlock;
  const percent = Math.min(100, Math.round((confirmed / needed) * 100));
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <Card testId="teams-empty" className="xl:col-span-2">
        <h2 className="text-lg font-semibold text-gray-900">
          <Trans>No teams yet</Trans>
        </h2>
        <p className="mt-2 leading-relaxed text-gray-700">
          <Trans>
            Generating puts the confirmed participants into teams of two, decides which meal each team cooks and where
            it eats the other meals. Partner wishes are kept, and no two teams ever meet twice. Afterwards you can still
            swap members, hosts and meals.
          </Trans>
        </p>
        <div className="mt-5 rounded-lg bg-gray-50 p-4">
          <p className="font-semibold text-gray-900" data-testid="teams-participant-count">
            <Trans>
              {confirmed} confirmed — {needed} needed
            </Trans>
          </p>
          <div
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-gray-200"
            role="progressbar"
            aria-label={`${confirmed} / ${needed}`}
            aria-valuemin={0}
            aria-valuemax={needed}
            aria-valuenow={Math.min(confirmed, needed)}
          >
            <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-gray-700" data-testid="teams-outlook">
            {!enough ? (
              <>
                <Trans>
                  With {meals} meals a dinner needs at least {needed} participants.
                </Trans>{' '}
                <Plural
                  value={missing}
                  one="# more must confirm before you can generate teams."
                  other="# more must confirm before you can generate teams."
                />
              </>
            ) : waiting > 0 ? (
              <Trans>
                That makes {teams} teams. {waiting} participants wait on the waiting list until the next block of teams
                is full.
              </Trans>
            ) : (
              <Trans>That makes {teams} teams, and nobody has to wait.</Trans>
            )}
          </p>
        </div>
        {generating ? (
          <div className="mt-5">
            <GeneratingNotice participants={confirmed} />
          </div>
        ) : (
          !readOnly && (
            <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button onClick={onGenerate} disabled={!enough} data-testid="generate-teams">
                <Trans>Generate teams</Trans>
              </Button>
              {!enough && (
                <Link
                  href="/participants"
                  className="text-sm font-semibold text-primary-700 underline underline-offset-2"
                >
                  <Trans>Go to the participants</Trans>
                </Link>
              )}
            </div>
          )
        )}
      </Card>
      <Card title={<Trans>How teams are made</Trans>} testId="generation-options">
        <GenerationOptions dinner={dinner} />
        <p className="mt-4 text-sm text-gray-600">
          <Trans>You chose these options when creating the event.</Trans>
        </p>
      </Card>
    </div>
  );
}
