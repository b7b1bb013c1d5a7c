import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { SentMails, Team } from '@contract/teams';
import { Trans, useLingui } from '@lingui/react/macro';
import { PickDialog } from '../../components/pick/PickDialog';
import { CancelMemberDialog, type MemberCancellation } from './CancelMemberDialog';
import { CancelTeamDialog } from './cancel-team/CancelTeamDialog';
import type { TeamActions } from './hooks';
import { type HostChange, MakeHostDialog } from './MakeHostDialog';
import { type PlanChange, PlanChangeDialog } from './PlanChangeDialog';
import type { PickRequest } from './pickRequests';

/** The one dialog the teams page shows, if any. A pick or a confirmed plan change closes it before the change starts. */
export type TeamsDialog =
  | { kind: 'pick'; request: PickRequest }
  | { kind: 'cancelTeam'; team: Team }
  | { kind: 'cancelMember'; cancellation: MemberCancellation }
  | { kind: 'makeHost'; change: HostChange }
  | { kind: 'planChange'; change: PlanChange }
  | null;

interface TeamsDialogsProps {
  dialog: TeamsDialog;
  onClose: () => void;
  /** Opens another dialog in place of the shown one. */
  onOpen: (dialog: TeamsDialog) => void;
  meals: readonly Meal[];
  teamSize: number;
  /** Active teams, whose number the plan-change dialog names. */
  teamCount: number;
  waiting: readonly Participant[];
  sentMails: SentMails;
  actions: TeamActions;
  onConfirmPlanChange: (change: PlanChange) => Promise<unknown>;
}

export function TeamsDialogs({
  dialog,
  onClose,
  onOpen,
  meals,
  teamSize,
  teamCount,
  waiting,
  sentMails,
  actions,
  onConfirmPlanChange,
}: TeamsDialogsProps) {
  const { t } = useLingui();
  const pick = dialog?.kind === 'pick' ? dialog.request : null;
  return (
    <>
      <PickDialog
        open={pick !== null}
        title={pick?.title}
        description={pick?.description}
        searchPlaceholder={t`Name or team number`}
        options={pick?.options ?? []}
        emptyText={<Trans>Nothing matches your search.</Trans>}
        testId="pick-dialog"
        optionTestId="pick-option"
        onPick={(id) => {
          onClose();
          pick?.onPick(id);
        }}
        onClose={onClose}
      />
      <CancelTeamDialog
        team={dialog?.kind === 'cancelTeam' ? dialog.team : null}
        meals={meals}
        teamSize={teamSize}
        waiting={waiting}
        actions={actions}
        onClose={onClose}
      />
      <CancelMemberDialog
        cancellation={dialog?.kind === 'cancelMember' ? dialog.cancellation : null}
        sentMails={sentMails}
        actions={actions}
        onClose={onClose}
        onCancelTeam={(team) => onOpen({ kind: 'cancelTeam', team })}
      />
      <MakeHostDialog change={dialog?.kind === 'makeHost' ? dialog.change : null} onClose={onClose} />
      <PlanChangeDialog
        change={dialog?.kind === 'planChange' ? dialog.change : null}
        teamCount={teamCount}
        teamSize={teamSize}
        sentMails={sentMails}
        onClose={onClose}
        onConfirm={(change) => {
          onClose();
          return onConfirmPlanChange(change);
        }}
      />
    </>
  );
}
