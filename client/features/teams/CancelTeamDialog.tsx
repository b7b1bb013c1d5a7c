import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { SentMails, Team, TeamCancellationResult } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { DialogTitle } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { RadioCardGroup } from '../../components/form';
import { Modal } from '../../components/Modal';
import { RetryLine } from '../../components/RetryLine';
import { SkeletonLines } from '../../components/Skeleton';
import { errorMessage } from '../../lib/api';
import { snackbar } from '../../lib/toasts';
import type { TeamActions } from './hooks';
import { MealLabel, TeamName } from './TeamBadges';
import { byTeamNumber, mealIndexOf, replacementShortfall } from './teamList';

type Choice = 'cancel' | 'replace';

interface CancelTeamDialogProps {
  team: Team | null;
  meals: readonly Meal[];
  teamSize: number;
  /** Confirmed participants in no team: the replacements to choose from. */
  waiting: readonly Participant[];
  actions: TeamActions;
  onClose: () => void;
}

/**
 * Cancelling a team changes the evening of the teams it would host and visit, so the dialog first asks the
 * server what would happen (a dry run that changes nothing), then lets the organiser cancel the team or
 * replace its members by exactly teamSize people from the waiting list.
 */
export function CancelTeamDialog({ team, onClose, ...props }: CancelTeamDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={team !== null}
      onClose={() => !busy && onClose()}
      className="flex max-h-[90vh] max-w-xl flex-col"
      testId="cancel-team-dialog"
    >
      {team && (
        <CancelTeamContent key={team.id} team={team} onClose={onClose} busy={busy} setBusy={setBusy} {...props} />
      )}
    </Modal>
  );
}

type ContentProps = Omit<CancelTeamDialogProps, 'team'> & {
  team: Team;
  busy: boolean;
  setBusy: (busy: boolean) => void;
};

function CancelTeamContent({ team, meals, teamSize, waiting, actions, onClose, busy, setBusy }: ContentProps) {
  const { t } = useLingui();
  const [dryRun, setDryRun] = useState<TeamCancellationResult | null>(null);
  const [dryRunError, setDryRunError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [choice, setChoice] = useState<Choice>('cancel');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const number = team.teamNumber;

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per team and retry; the actions object is new on every render
  useEffect(() => {
    let current = true;
    setDryRunError(null);
    actions
      .cancelTeam(team.id, { dryRun: true })
      .then((result) => current && setDryRun(result))
      .catch((e: unknown) => current && setDryRunError(errorMessage(e)));
    return () => {
      current = false;
    };
  }, [team.id, attempt]);

  const { missing, surplus } = replacementShortfall(chosen.length, teamSize);
  const replacing = choice === 'replace';
  const pickerRef = useRef<HTMLDivElement>(null);
  // On a phone the list of waiting participants opens below the fold.
  useEffect(() => {
    if (replacing) pickerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [replacing]);
  const ready = dryRun !== null && (!replacing || (missing === 0 && surplus === 0));

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await actions.cancelTeam(team.id, { replacements: replacing ? chosen : undefined, dryRun: false });
      onClose();
      snackbar(replacing ? t`Team ${number} was replaced from the waiting list.` : t`Team ${number} was cancelled.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  const index = mealIndexOf(meals, team.meal);

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto p-6">
        <DialogTitle className="text-lg font-semibold text-gray-900">
          <Trans>Cancel team {number}?</Trans>
        </DialogTitle>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-gray-700">
          <MealLabel meal={team.meal} index={index} />
          {team.teamMembers.length > 0 && <span>· {team.teamMembers.map(fullName).join(', ')}</span>}
        </p>

        <section
          className="mt-5"
          aria-live="polite"
          aria-busy={dryRun === null && dryRunError === null}
          data-testid="dry-run"
        >
          <h3 className="text-sm font-semibold text-gray-900">
            <Trans>What would change</Trans>
          </h3>
          {dryRunError ? (
            <div className="mt-2">
              <RetryLine message={dryRunError} onRetry={() => setAttempt((a) => a + 1)} />
            </div>
          ) : !dryRun ? (
            <div className="mt-2">
              <p className="mb-2 text-sm text-gray-600">
                <Trans>Checking which teams are affected…</Trans>
              </p>
              <SkeletonLines lines={3} />
            </div>
          ) : (
            <DryRunSummary result={dryRun} meals={meals} />
          )}
        </section>

        {dryRun && (
          <div className="mt-5 space-y-4">
            <RadioCardGroup<Choice>
              name="cancelChoice"
              label={<Trans>What should happen to the team?</Trans>}
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setError(null);
              }}
              options={[
                {
                  value: 'cancel',
                  label: <Trans>Cancel the team</Trans>,
                  description: (
                    <Trans>Nobody cooks at their place; their guests see the host as cancelled in their route.</Trans>
                  ),
                },
                {
                  value: 'replace',
                  label: <Trans>Replace from the waiting list</Trans>,
                  description:
                    waiting.length === 0 ? (
                      <Trans>Nobody is on the waiting list at the moment.</Trans>
                    ) : (
                      <Trans>Pick {teamSize} waiting participants. They take over the team's meal and guests.</Trans>
                    ),
                },
              ]}
            />
            {replacing && (
              <div ref={pickerRef}>
                <ReplacementPicker
                  waiting={waiting}
                  chosen={chosen}
                  onToggle={toggle}
                  teamSize={teamSize}
                  missing={missing}
                  surplus={surplus}
                />
              </div>
            )}
          </div>
        )}

        {error && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            data-testid="cancel-team-error"
          >
            {error}
          </p>
        )}
      </div>
      <div className="space-y-3 border-t border-gray-100 p-4">
        {/* Beside the button, whichever way the dialog is scrolled. */}
        <MembersLeave team={team} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Back</Trans>
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={busy || !ready}
            data-testid="confirm-cancel-team"
          >
            {replacing ? <Trans>Replace team {number}</Trans> : <Trans>Cancel team {number}</Trans>}
          </Button>
        </div>
      </div>
    </>
  );
}

function DryRunSummary({ result, meals }: { result: TeamCancellationResult; meals: readonly Meal[] }) {
  const affected = [...result.affectedTeams].sort(byTeamNumber);
  const count = affected.length;
  return (
    <div className="mt-2 space-y-3 text-sm text-gray-700">
      {count === 0 ? (
        <p>
          <Trans>No other team's route changes.</Trans>
        </p>
      ) : (
        <>
          <p data-testid="affected-count">
            <Plural
              value={count}
              one="The dinner route of # team changes:"
              other="The dinner routes of # teams change:"
            />
          </p>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" data-testid="affected-teams">
            {affected.map((team) => (
              <li key={team.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <span className="w-20 shrink-0 font-semibold text-gray-900">
                  <TeamName team={team} />
                </span>
                <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} className="shrink-0" />
                <span className="min-w-0 truncate text-gray-600">{team.teamMembers.map(fullName).join(', ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <SentMailsWarning sentMails={result.sentMails} />
    </div>
  );
}

/** Cancelled or replaced, the team's members leave the dinner and are deleted: said in the colour of what cannot be undone. */
function MembersLeave({ team }: { team: Team }) {
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

/** Mails already sent describe the old plan: say which ones must go out again. */
export function SentMailsWarning({ sentMails }: { sentMails: SentMails }) {
  if (!sentMails.teamMails && !sentMails.dinnerRouteMails) return null;
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="sent-mails-warning"
    >
      {sentMails.dinnerRouteMails ? (
        <Trans>The dinner routes were already sent. Send the affected teams their new routes afterwards.</Trans>
      ) : (
        <Trans>The team mails were already sent. Tell the affected teams about the change afterwards.</Trans>
      )}
    </div>
  );
}

function ReplacementPicker({
  waiting,
  chosen,
  onToggle,
  teamSize,
  missing,
  surplus,
}: {
  waiting: readonly Participant[];
  chosen: string[];
  onToggle: (id: string) => void;
  teamSize: number;
  missing: number;
  surplus: number;
}) {
  const { t } = useLingui();
  const waitingCount = waiting.length;
  if (waitingCount === 0)
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="no-replacements"
      >
        <Trans>Nobody waits, so the team cannot be replaced. Cancel it, or add participants first.</Trans>
      </p>
    );
  return (
    <fieldset data-testid="replacement-picker">
      <legend className="text-sm font-medium text-gray-800">
        <Trans>Who takes over?</Trans>
      </legend>
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
      <ul className="mt-2 max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
        {waiting.map((p) => {
          const name = fullName(p) || t`(no name)`;
          return (
            <li key={p.id}>
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-gray-50">
                <input
                  type="checkbox"
                  checked={chosen.includes(p.id)}
                  onChange={() => onToggle(p.id)}
                  className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-primary-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
                  data-testid="replacement-option"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-gray-900">{name}</span>
                  <span className="block truncate text-xs text-gray-600">{p.email}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
