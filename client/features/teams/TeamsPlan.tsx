import type { RunningDinner } from '@contract/dinner';
import type { SentMails, TeamsResponse } from '@contract/teams';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useDragSwap } from '../../components/useDragSwap';
import { isReadOnly } from '../admin/hooks';
import { seatsNeededToHost } from '../participants/format';
import { GeneratingNotice } from './GeneratePanel';
import { type TeamActions, useWaitingList } from './hooks';
import type { PlanChange } from './PlanChangeDialog';
import { PlanDetails } from './PlanDetails';
import { usePickRequests } from './pickRequests';
import { type TeamsDialog, TeamsDialogs } from './TeamsDialogs';
import { TeamViews } from './TeamViews';
import { byTeamNumber, isCancelled, teamOf } from './teamList';
import { useTeamMenus } from './teamMenus';
import { teamRules } from './teamRules';
import { useTeamChanges } from './useTeamChanges';
import { WaitingListCard } from './WaitingListCard';

interface TeamsPlanProps {
  dinner: RunningDinner;
  response: TeamsResponse;
  actions: TeamActions;
  generating: boolean;
  onRegenerate: () => Promise<unknown>;
}

/** The generated teams with everything that repairs them: their menus, dragging members, the waiting list and the dialogs. */
export function TeamsPlan({ dinner, response, actions, generating, onRegenerate }: TeamsPlanProps) {
  const { t } = useLingui();
  const { data: waitingList, error: waitingListError, mutate: retryWaitingList } = useWaitingList();
  const [dialog, setDialog] = useState<TeamsDialog>(null);
  const readOnly = isReadOnly(dinner);
  const { meals, teamSize } = dinner.options;
  const seatsNeeded = seatsNeededToHost(dinner);
  const teams = useMemo(() => [...response.teams].sort(byTeamNumber), [response]);
  const waiting = waitingList?.participants ?? [];

  const rules = useMemo(() => teamRules(teams, meals, waiting), [teams, meals, waiting]);
  const changes = useTeamChanges(teams, actions);
  const picks = usePickRequests({ teams, meals, waiting, changes, actions, rules });
  const menus = useTeamMenus({ readOnly, seatsNeeded, rules, picks, changes, actions, openDialog: setDialog });
  const drag = useDragSwap((draggedId, targetId) => {
    if (teamOf(teams, draggedId)?.id !== teamOf(teams, targetId)?.id) changes.swapMembers(draggedId, targetId);
  }, !readOnly && !changes.busy);

  const changePlan = (change: PlanChange) => {
    if (change === 'regenerate') return onRegenerate();
    if (change === 'drop') return changes.change(actions.drop, t`The teams were deleted.`);
    return changes.change(
      () => actions.generateFromWaiting(change.newTeamsFrom),
      (answer) =>
        answer.routeOptimizationId
          ? t`The new teams are ready. Their routes are being shortened again in the background (see Dinner routes).`
          : t`The new teams are ready.`,
    );
  };

  const needsAttention = waiting.length > 0 || (waitingList?.teamsWithMissingMembers.length ?? 0) > 0;
  const waitingCard = (
    <WaitingListCard
      waitingList={waitingList}
      error={waitingListError}
      onRetry={() => void retryWaitingList()}
      teams={teams}
      meals={meals}
      teamSize={teamSize}
      seatsNeeded={seatsNeeded}
      readOnly={readOnly}
      busy={changes.busy}
      onFill={(team) => setDialog({ kind: 'pick', request: picks.fillTeam(team) })}
      onGenerate={(ids) => setDialog({ kind: 'planChange', change: { newTeamsFrom: ids } })}
    />
  );

  return (
    <>
      <div className="space-y-6" aria-busy={changes.busy || generating}>
        {generating && <GeneratingNotice participants={dinner.confirmedParticipantCount} />}
        {!readOnly && <MailsSentNotice sentMails={response.sentMails} />}
        {needsAttention && waitingCard}
        <TeamViews
          teams={teams}
          readOnly={readOnly}
          planLocked={generating || changes.busy}
          onPlanChange={(change) => setDialog({ kind: 'planChange', change })}
          meals={meals}
          teamSize={teamSize}
          seatsNeeded={seatsNeeded}
          {...menus}
          drag={readOnly ? undefined : drag}
        />
        <PlanDetails dinner={dinner} response={response} readOnly={readOnly} />
        {!needsAttention && waitingCard}
      </div>
      <TeamsDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        onOpen={setDialog}
        meals={meals}
        teamSize={teamSize}
        teamCount={teams.filter((team) => !isCancelled(team)).length}
        waiting={waiting}
        sentMails={response.sentMails}
        actions={actions}
        onConfirmPlanChange={changePlan}
      />
    </>
  );
}

/** Changes made here are not sent by themselves: say so once mails describe the plan. */
function MailsSentNotice({ sentMails }: { sentMails: SentMails }) {
  if (!sentMails.teamMails && !sentMails.dinnerRouteMails) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="mails-sent-notice"
    >
      {sentMails.dinnerRouteMails ? (
        <Trans>
          The dinner routes were already sent. Changes you make here are not sent by themselves: send the affected teams
          their new routes afterwards.
        </Trans>
      ) : (
        <Trans>
          The team mails were already sent. Changes you make here are not sent by themselves: tell the affected teams
          afterwards.
        </Trans>
      )}
    </p>
  );
}
