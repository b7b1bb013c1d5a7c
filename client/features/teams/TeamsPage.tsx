import { errorMessage } from '../../lib/api';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RunningDinner } from '@server/features/events/events.schema';
import type { Participant } from '@server/features/participants/participants.schema';
import type { SentMails, Team, TeamsResponse } from '@server/features/teams/teams.schema';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RetryLine } from '../../components/RetryLine';
import { SearchPickDialog, type SearchPickOption } from '../../components/SearchPickDialog';
import { Skeleton } from '../../components/Skeleton';
import { snackbar, toast } from '../../lib/toasts';
import { Card, PageTitle } from '../admin/Card';
import { isReadOnly } from '../admin/hooks';
import { fullName, seatsNeededToHost } from '../participants/format';
import type { RowMenuAction } from '../participants/RowMenu';
import { useDragSwap } from '../participants/useDragSwap';
import { CancelMemberDialog, type MemberCancellation } from './CancelMemberDialog';
import { CancelTeamDialog } from './CancelTeamDialog';
import { GeneratePanel, GeneratingNotice } from './GeneratePanel';
import { useTeamActions, useTeams, useWaitingList } from './hooks';
import { PlanDetails } from './PlanDetails';
import { MealLabel, TeamName } from './TeamBadges';
import { TeamCard, type TeamViewProps } from './TeamCard';
import { byTeamNumber, isCancelled, mealIndexOf, teamOf, teamsByMeal } from './teamList';
import { TeamTable } from './TeamTable';
import { WaitingListCard } from './WaitingListCard';

const focusMemberMenu = (participantId: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-participant-id="${participantId}"] [data-row-menu]`)?.focus());

type PlanChange = 'regenerate' | 'drop' | { newTeamsFrom: string[] };

/** What the pick dialog offers: a swap partner, a team to swap the meal or number with, who joins a team. */
interface PickRequest {
  title: ReactNode;
  description: ReactNode;
  options: SearchPickOption[];
  onPick: (id: string) => void;
}

/** /admin/{adminId}/teams — generate the teams, look at them by meal or as a table, and repair the plan. */
export function TeamsPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const { data, error, mutate } = useTeams();
  const { data: waitingList, error: waitingListError, mutate: retryWaitingList } = useWaitingList();
  const actions = useTeamActions();
  const readOnly = isReadOnly(dinner);
  const meals = dinner.options.meals;
  const teamSize = dinner.options.teamSize;
  const seatsNeeded = seatsNeededToHost(dinner);

  const [generating, setGenerating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pick, setPick] = useState<PickRequest | null>(null);
  const [teamToCancel, setTeamToCancel] = useState<Team | null>(null);
  const [memberToCancel, setMemberToCancel] = useState<MemberCancellation | null>(null);
  const [planChange, setPlanChange] = useState<PlanChange | null>(null);

  const teams = useMemo(() => [...(data?.teams ?? [])].sort(byTeamNumber), [data]);
  const waiting = waitingList?.participants ?? [];
  const sentMails: SentMails = data?.sentMails ?? { teamMails: false, dinnerRouteMails: false };

  /** Runs one change; a refusal shows the server's translated reason. */
  const run = async (change: () => Promise<unknown>, success: string, focusId?: string) => {
    setBusy(true);
    try {
      await change();
      snackbar(success);
      if (focusId) focusMemberMenu(focusId);
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const generate = async (call: () => Promise<unknown>) => {
    setGenerating(true);
    try {
      await call();
      snackbar(t`The teams are ready.`);
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setGenerating(false);
    }
  };

  const swapMembers = (firstId: string, secondId: string, focusId?: string) => {
    const first = teams.flatMap((team) => team.teamMembers).find((m) => m.id === firstId);
    const second = teams.flatMap((team) => team.teamMembers).find((m) => m.id === secondId);
    if (!first || !second || busy) return;
    const firstName = fullName(first);
    const secondName = fullName(second);
    void run(() => actions.swapMembers(firstId, secondId), t`${firstName} and ${secondName} swapped teams.`, focusId);
  };
  const drag = useDragSwap((draggedId, targetId) => {
    if (teamOf(teams, draggedId)?.id !== teamOf(teams, targetId)?.id) swapMembers(draggedId, targetId);
  }, !readOnly && !busy);

  const memberOption = (team: Team, member: Participant) => {
    const number = team.teamNumber;
    return {
      id: member.id,
      label: fullName(member),
      detail: (
        <span className="flex flex-wrap items-center gap-x-2">
          <TeamName team={team} />
          <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} />
        </span>
      ),
      searchText: `${fullName(member)} ${number}`.toLocaleLowerCase(),
    };
  };
  const teamOption = (team: Team) => {
    const number = team.teamNumber;
    return {
      id: team.id,
      label: t`Team ${number}`,
      detail: (
        <span className="flex flex-wrap items-center gap-x-2">
          <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} />
          <span>{team.teamMembers.map(fullName).join(', ')}</span>
        </span>
      ),
      searchText: `${number} ${team.meal.label} ${team.teamMembers.map(fullName).join(' ')}`.toLocaleLowerCase(),
    };
  };
  const activeTeams = teams.filter((team) => !isCancelled(team));

  const memberActionsOf = (team: Team, member: Participant): RowMenuAction[] => {
    const base: RowMenuAction[] = [{ key: 'edit', label: readOnly ? <Trans>Show details</Trans> : <Trans>Edit participant</Trans>, href: `/participants/${member.id}` }];
    if (readOnly || isCancelled(team)) return base;
    const name = fullName(member);
    const number = team.teamNumber;
    const isHost = team.hostTeamMember?.id === member.id;
    return [
      ...base,
      {
        key: 'swap',
        label: <Trans>Swap with…</Trans>,
        disabled: busy,
        onSelect: () =>
          setPick({
            title: <Trans>Swap {name} with…</Trans>,
            description: <Trans>The two trade teams. Whoever hosts stays host in the new team.</Trans>,
            options: activeTeams.filter((other) => other.id !== team.id).flatMap((other) => other.teamMembers.map((m) => memberOption(other, m))),
            onPick: (otherId) => {
              setPick(null);
              swapMembers(member.id, otherId, member.id);
            },
          }),
      },
      {
        key: 'host',
        label: isHost ? <Trans>Hosts the team</Trans> : <Trans>Make host</Trans>,
        disabled: isHost || busy,
        onSelect: () => void run(() => actions.makeHost(team.id, member.id), t`${name} hosts team ${number} now.`, member.id),
      },
      {
        key: 'cancel',
        label: <Trans>Take out of the team…</Trans>,
        danger: true,
        separated: true,
        onSelect: () => (team.teamMembers.length <= 1 ? setTeamToCancel(team) : setMemberToCancel({ team, member })),
      },
    ];
  };

  const teamActionsOf = (team: Team): RowMenuAction[] => {
    const base: RowMenuAction[] = [{ key: 'plan', label: <Trans>Meeting plan</Trans>, href: `/teams/${team.id}` }];
    if (readOnly || isCancelled(team)) return base;
    const number = team.teamNumber;
    return [
      ...base,
      {
        key: 'meal',
        label: <Trans>Swap meal with…</Trans>,
        disabled: busy,
        onSelect: () =>
          setPick({
            title: <Trans>Swap the meal of team {number} with…</Trans>,
            description: <Trans>The two teams trade their meals and their places in the plan: guests and hosts change with them, and still no two teams meet twice.</Trans>,
            options: activeTeams.filter((other) => other.meal.id !== team.meal.id).map(teamOption),
            onPick: (otherId) => {
              setPick(null);
              const other = teams.find((x) => x.id === otherId)?.teamNumber;
              void run(() => actions.swapMeals(team.id, otherId), t`Team ${number} and team ${other} swapped meals.`);
            },
          }),
      },
      {
        key: 'number',
        label: <Trans>Swap team number with…</Trans>,
        disabled: busy,
        onSelect: () =>
          setPick({
            title: <Trans>Swap the number of team {number} with…</Trans>,
            description: <Trans>Only the numbers change: members, meals and routes stay as they are.</Trans>,
            options: teams.filter((other) => other.id !== team.id).map(teamOption),
            onPick: (otherId) => {
              setPick(null);
              const other = teams.find((x) => x.id === otherId)?.teamNumber;
              void run(() => actions.swapTeamNumbers(team.id, otherId), t`Team ${number} and team ${other} swapped numbers.`);
            },
          }),
      },
      { key: 'cancel', label: <Trans>Cancel team…</Trans>, danger: true, separated: true, onSelect: () => setTeamToCancel(team) },
    ];
  };

  const fillTeam = (team: Team) => {
    const number = team.teamNumber;
    setPick({
      title: <Trans>Who joins team {number}?</Trans>,
      description: <Trans>The participant takes the free place and cooks and visits with the team.</Trans>,
      options: waiting.map((p) => ({ id: p.id, label: fullName(p), detail: p.email, searchText: `${fullName(p)} ${p.email}`.toLocaleLowerCase() })),
      onPick: (participantId) => {
        setPick(null);
        const joined = fullName(waiting.find((p) => p.id === participantId) ?? { firstnamePart: '', lastname: '' });
        void run(() => actions.assignWaiting([{ teamId: team.id, participantIds: [participantId] }]), t`${joined} joined team ${number}.`);
      },
    });
  };

  const viewProps: TeamViewProps = { meals, teamSize, seatsNeeded, teamActionsOf, memberActionsOf, drag: readOnly ? undefined : drag };
  const hasTeams = teams.length > 0;
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
      busy={busy}
      onFill={fillTeam}
      onGenerate={(ids) => setPlanChange({ newTeamsFrom: ids })}
    />
  );

  return (
    <>
      <PageTitle sub={hasTeams ? <Counts response={data!} /> : <Trans>Who cooks with whom, which meal, and who visits whom.</Trans>}>
        <Trans>Teams</Trans>
      </PageTitle>

      {error ? (
        <Card>
          <RetryLine message={`${t`The teams could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
        </Card>
      ) : !data ? (
        <TeamsSkeleton />
      ) : !hasTeams ? (
        <GeneratePanel dinner={dinner} readOnly={readOnly} generating={generating} onGenerate={() => void generate(actions.generate)} />
      ) : (
        <div className="space-y-6" aria-busy={busy || generating}>
          {generating && <GeneratingNotice participants={dinner.confirmedParticipantCount} />}
          {!readOnly && (sentMails.teamMails || sentMails.dinnerRouteMails) && (
            <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="mails-sent-notice">
              {sentMails.dinnerRouteMails ? (
                <Trans>The dinner routes were already sent. Changes you make here are not sent by themselves: send the affected teams their new routes afterwards.</Trans>
              ) : (
                <Trans>The team mails were already sent. Changes you make here are not sent by themselves: tell the affected teams afterwards.</Trans>
              )}
            </p>
          )}
          {needsAttention && waitingCard}
          <TabGroup>
            <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <TabList className="inline-flex self-start rounded-lg border border-gray-300 bg-white p-0.5" aria-label={t`View`}>
                <ViewTab testId="view-cards">
                  <Trans>By meal</Trans>
                </ViewTab>
                <ViewTab testId="view-table">
                  <Trans>Table</Trans>
                </ViewTab>
              </TabList>
              {!readOnly && (
                <div className="grid grid-cols-2 gap-2 sm:flex">
                  <Button variant="secondary" disabled={generating || busy} onClick={() => setPlanChange('regenerate')} data-testid="regenerate-teams">
                    <Trans>Generate again…</Trans>
                  </Button>
                  <Button variant="secondary" className="text-red-700" disabled={generating || busy} onClick={() => setPlanChange('drop')} data-testid="drop-teams">
                    <Trans>Delete teams…</Trans>
                  </Button>
                </div>
              )}
            </div>
            <TabPanels>
              <TabPanel className="focus:outline-none" data-testid="teams-by-meal">
                {!readOnly && (
                  <p className="mb-4 text-sm text-gray-600">
                    <span className="hidden md:inline">
                      <Trans>To swap two members, drag one by its handle onto a member of another team, or use the member's menu.</Trans>
                    </span>
                    <span className="md:hidden">
                      <Trans>To swap two members, use the menu beside a name.</Trans>
                    </span>
                  </p>
                )}
                <div className="space-y-8">
                  {teamsByMeal(meals, teams).map(({ meal, teams: mealTeams }, index) => (
                    <section key={meal.id} aria-labelledby={`meal-${meal.id}`} data-testid="meal-section">
                      <h2 id={`meal-${meal.id}`} className="mb-3 flex flex-wrap items-baseline gap-x-3 text-lg font-semibold text-gray-900">
                        <MealLabel meal={meal} index={index} />
                        <span className="text-sm font-normal text-gray-600">
                          <TeamCount count={mealTeams.length} />
                        </span>
                      </h2>
                      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                        {mealTeams.map((team) => (
                          <TeamCard key={team.id} team={team} {...viewProps} />
                        ))}
                      </div>
                    </section>
                  ))}
                </div>
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <Card>
                  <TeamTable teams={teams} {...viewProps} />
                </Card>
              </TabPanel>
            </TabPanels>
          </TabGroup>
          <PlanDetails dinner={dinner} response={data} readOnly={readOnly} />
          {!needsAttention && waitingCard}
        </div>
      )}

      <SearchPickDialog
        open={pick !== null}
        title={pick?.title}
        description={pick?.description}
        searchPlaceholder={t`Name or team number`}
        options={pick?.options ?? []}
        emptyText={<Trans>Nothing matches your search.</Trans>}
        testId="pick-dialog"
        optionTestId="pick-option"
        onPick={(id) => pick?.onPick(id)}
        onClose={() => setPick(null)}
      />
      <CancelTeamDialog team={teamToCancel} meals={meals} teamSize={teamSize} waiting={waiting} actions={actions} onClose={() => setTeamToCancel(null)} />
      <CancelMemberDialog cancellation={memberToCancel} sentMails={sentMails} actions={actions} onClose={() => setMemberToCancel(null)} />
      <PlanChangeDialog
        change={planChange}
        teamCount={activeTeams.length}
        teamSize={teamSize}
        sentMails={sentMails}
        onClose={() => setPlanChange(null)}
        onConfirm={async (change) => {
          setPlanChange(null);
          if (change === 'regenerate') return generate(actions.regenerate);
          if (change === 'drop') return run(actions.drop, t`The teams were deleted.`);
          return run(() => actions.generateFromWaiting(change.newTeamsFrom), t`The new teams are ready.`);
        }}
      />
    </>
  );
}

function ViewTab({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Tab
      data-testid={testId}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[hover]:bg-gray-50 data-[selected]:bg-primary-700 data-[selected]:text-white"
    >
      {children}
    </Tab>
  );
}

function TeamCount({ count }: { count: number }) {
  return <Plural value={count} one="# team" other="# teams" />;
}

function Counts({ response }: { response: TeamsResponse }) {
  const active = response.teams.filter((team) => !isCancelled(team));
  const teams = active.length;
  const members = active.reduce((sum, team) => sum + team.teamMembers.length, 0);
  const cancelled = response.teams.length - teams;
  return (
    <span data-testid="team-counts">
      {cancelled > 0 ? (
        <Trans>
          {teams} teams with {members} participants · {cancelled} cancelled
        </Trans>
      ) : (
        <Trans>
          {teams} teams with {members} participants
        </Trans>
      )}
    </span>
  );
}

/** Regenerating, deleting and adding teams from the waiting list change everyone's evening: each asks first and names what mails become wrong. */
function PlanChangeDialog({
  change,
  teamCount,
  teamSize,
  sentMails,
  onClose,
  onConfirm,
}: {
  change: PlanChange | null;
  teamCount: number;
  teamSize: number;
  sentMails: SentMails;
  onClose: () => void;
  onConfirm: (change: PlanChange) => Promise<unknown>;
}) {
  const mails = (sentMails.teamMails || sentMails.dinnerRouteMails) && (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="plan-change-mails-warning">
      {sentMails.dinnerRouteMails ? (
        <Trans>The dinner routes were already sent: they become wrong. Send everyone their new route afterwards.</Trans>
      ) : (
        <Trans>The team mails were already sent: they become wrong. Send everyone their new team afterwards.</Trans>
      )}
    </p>
  );
  const open = change !== null;
  const confirm = () => (change ? onConfirm(change) : undefined);
  if (change === 'regenerate')
    return (
      <ConfirmDialog open={open} danger title={<Trans>Generate the teams again?</Trans>} confirmLabel={<Trans>Generate new teams</Trans>} onClose={onClose} onConfirm={confirm}>
        <p>
          <Trans>
            All {teamCount} teams are replaced by new ones: members, hosts, meals and routes change. Swaps, host changes and cancellations you made are lost.
          </Trans>
        </p>
        {mails}
      </ConfirmDialog>
    );
  if (change === 'drop')
    return (
      <ConfirmDialog open={open} danger title={<Trans>Delete all teams?</Trans>} confirmLabel={<Trans>Delete the teams</Trans>} onClose={onClose} onConfirm={confirm}>
        <p>
          <Trans>The {teamCount} teams and their routes are deleted. Everyone stays registered, and you can generate new teams at any time.</Trans>
        </p>
        {mails}
      </ConfirmDialog>
    );
  const newTeams = change ? change.newTeamsFrom.length / teamSize : 0;
  return (
    <ConfirmDialog open={open} title={<Trans>Make {newTeams} new teams?</Trans>} confirmLabel={<Trans>Make the new teams</Trans>} onClose={onClose} onConfirm={confirm}>
      <p>
        <Trans>The teams you have keep their members and meals. Guests are spread anew over all hosts, so the routes of existing teams change too.</Trans>
      </p>
      {mails}
    </ConfirmDialog>
  );
}

function TeamsSkeleton() {
  return (
    <div className="space-y-6" data-testid="teams-loading">
      <Skeleton className="h-9 w-48 rounded-lg" />
      {[0, 1].map((section) => (
        <div key={section} className="space-y-3">
          <Skeleton className="h-6 w-56" />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1].map((card) => (
              <div key={card} className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
                <Skeleton className="h-5 w-24" />
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
