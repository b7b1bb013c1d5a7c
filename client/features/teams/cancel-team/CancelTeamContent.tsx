import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import { fullName } from '@domain/participants/names';
import { DialogTitle } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../lib/api';
import { snackbar } from '../../../lib/toasts';
import type { TeamActions } from '../hooks';
import { MealLabel } from '../TeamBadges';
import { mealIndexOf, replacementShortfall } from '../teamList';
import { CancelChoice, type Choice } from './CancelChoice';
import { DryRunSection } from './DryRunSection';
import { MembersLeave } from './MembersLeave';
import { ReplacementPicker } from './ReplacementPicker';
import { useDryRun } from './useDryRun';

export interface CancelTeamContentProps {
  team: Team;
  meals: readonly Meal[];
  teamSize: number;
  /** Confirmed participants in no team: the replacements to choose from. */
  waiting: readonly Participant[];
  actions: TeamActions;
  onClose: () => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

export function CancelTeamContent({
  team,
  meals,
  teamSize,
  waiting,
  actions,
  onClose,
  busy,
  setBusy,
}: CancelTeamContentProps) {
  const { t } = useLingui();
  const { dryRun, dryRunError, retry } = useDryRun(actions, team.id);
  const [choice, setChoice] = useState<Choice>('cancel');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const number = team.teamNumber;

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
          {team.teamMembers.length > 0 && (
            <span>
              {/* The dot only beside the course: where the names wrap onto their own line it would start it. */}
              <span aria-hidden="true" className="hidden sm:inline">
                ·{' '}
              </span>
              {team.teamMembers.map(fullName).join(', ')}
            </span>
          )}
        </p>

        {dryRun && (
          <div className="mt-5 space-y-4">
            <CancelChoice
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setError(null);
              }}
              waitingCount={waiting.length}
              teamSize={teamSize}
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

        {/* The choice first, then what it changes: on a phone the list of changed routes fills the screen. */}
        <DryRunSection dryRun={dryRun} dryRunError={dryRunError} onRetry={retry} meals={meals} />

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
