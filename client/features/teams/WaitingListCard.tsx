import type { Meal } from '@contract/dinner';
import type { Team } from '@contract/teams';
import type { WaitingList } from '@contract/waiting-list';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loaded } from '../../components/Loaded';
import { SkeletonLines } from '../../components/Skeleton';
import type { ApiError } from '../../lib/api';
import { Seats } from '../participants/ParticipantBadges';
import { newTeamsSelection } from './newTeamsSelection';
import { MealLabel, TeamName } from './TeamBadges';
import { mealIndexOf } from './teamList';

interface WaitingListCardProps {
  waitingList: WaitingList | undefined;
  error: ApiError | undefined;
  onRetry: () => void;
  /** The teams, for the fixed partners of waiting participants who already cook in one. */
  teams: readonly Team[];
  meals: readonly Meal[];
  teamSize: number;
  seatsNeeded: number;
  readOnly: boolean;
  busy: boolean;
  onFill: (team: Team) => void;
  onGenerate: (participantIds: string[]) => void;
}

/** The confirmed participants in no team, and what they can do: fill teams that lost members, or form new teams in full blocks. */
export function WaitingListCard({ waitingList, error, onRetry, ...props }: WaitingListCardProps) {
  const { t } = useLingui();
  const waitingCount = waitingList?.participants.length ?? 0;
  return (
    <Card
      testId="teams-waiting-list"
      className={waitingCount > 0 ? 'border-amber-300' : ''}
      title={waitingList ? <Trans>Waiting list ({waitingCount})</Trans> : <Trans>Waiting list</Trans>}
    >
      <Loaded
        data={waitingList}
        error={error}
        failure={(e) => `${t`The waiting list could not be loaded.`} ${e.message}`}
        onRetry={onRetry}
        loading={<SkeletonLines lines={2} />}
      >
        {(loaded) => <WaitingListContent waitingList={loaded} {...props} />}
      </Loaded>
    </Card>
  );
}

function WaitingListContent({
  waitingList,
  teams,
  meals,
  teamSize,
  seatsNeeded,
  readOnly,
  busy,
  onFill,
  onGenerate,
}: Omit<WaitingListCardProps, 'error' | 'onRetry'> & { waitingList: WaitingList }) {
  const { t } = useLingui();
  const waiting = waitingList.participants;
  const { blockSize, teamsWithMissingMembers: incomplete } = waitingList;
  // Full blocks by the waiting-list rule: a fixed pair joins or waits together (the server refuses a split pair).
  const selection = useMemo(
    () =>
      newTeamsSelection(
        waiting,
        blockSize,
        teams.flatMap((team) => team.teamMembers),
      ),
    [waiting, blockSize, teams],
  );
  const joining = selection.joining.length;
  const newTeams = joining / teamSize;
  const missingBlock = selection.missingForNextBlock;
  const partnerInTeam = selection.partnerInTeam.length;
  const canAct = !readOnly && waiting.length > 0;
  return (
    <>
      {waiting.length === 0 ? (
        <p className="text-sm text-gray-600" data-testid="waiting-list-empty">
          <Trans>
            Nobody waits. Whoever confirms a registration from now on waits here until you give them a place.
          </Trans>
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label={t`Waiting participants`}>
          {waiting.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-0.5 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-3"
              data-testid="waiting-participant"
            >
              <span className="min-w-0">
                <span className="font-medium break-words text-gray-900">{fullName(p) || t`(no name)`}</span>
                {p.email && <span className="block truncate text-xs text-gray-600">{p.email}</span>}
              </span>
              <span className="shrink-0 text-xs">
                <Seats participant={p} seatsNeeded={seatsNeeded} />
              </span>
            </li>
          ))}
        </ul>
      )}

      {!readOnly && incomplete.length > 0 && (
        <ActionGroup title={<Trans>Teams that lost members</Trans>} testId="teams-missing-members">
          {waiting.length === 0 && (
            <p className="text-sm text-gray-600">
              <Trans>They keep cooking with fewer members. Once someone waits, you can fill their places.</Trans>
            </p>
          )}
          {incomplete.map((team) => {
            const free = teamSize - team.teamMembers.length;
            return (
              <TeamLine key={team.id} team={team} meals={meals}>
                <span className="text-xs text-amber-900">
                  <Plural value={free} one="# place free" other="# places free" />
                </span>
                {waiting.length > 0 && (
                  <Button
                    variant="secondary"
                    className="!px-3 !py-1.5 text-xs"
                    disabled={busy}
                    onClick={() => onFill(team)}
                    data-testid="fill-team"
                  >
                    <Trans>Fill a place…</Trans>
                  </Button>
                )}
              </TeamLine>
            );
          })}
        </ActionGroup>
      )}

      {canAct && (
        <ActionGroup title={<Trans>New teams</Trans>} testId="new-teams">
          {newTeams > 0 ? (
            <>
              <p className="text-sm text-gray-700">
                <Trans>
                  {joining} of them make {newTeams} new teams, one more host for every meal. The teams you have keep
                  their members and meals; the dinner routes are planned again so that still no two teams meet twice.
                </Trans>
              </p>
              <Button
                className="mt-2"
                disabled={busy}
                onClick={() => onGenerate(selection.joining.map((p) => p.id))}
                data-testid="generate-from-waiting-list"
              >
                <Plural value={newTeams} one="Make # new team" other="Make # new teams" />
              </Button>
            </>
          ) : (
            <p className="text-sm text-gray-600" data-testid="block-incomplete">
              <Trans>
                New teams are made in blocks of {blockSize} people, one team per meal: {missingBlock} more needed.
              </Trans>
            </p>
          )}
          {partnerInTeam > 0 && (
            <p className="text-sm text-gray-600" data-testid="partner-in-team">
              <Plural
                value={partnerInTeam}
                one="# waiting participant cannot join a new team: their fixed partner already cooks in a team."
                other="# waiting participants cannot join new teams: their fixed partners already cook in teams."
              />
            </p>
          )}
        </ActionGroup>
      )}
    </>
  );
}

function ActionGroup({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  return (
    <section className="mt-5" data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold text-gray-900">{title}</h3>
      <div className="space-y-2">{children}</div>
    </section>
  );
}

function TeamLine({ team, meals, children }: { team: Team; meals: readonly Meal[]; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm">
      <span className="flex min-w-0 flex-wrap items-center gap-x-3">
        <span className="font-semibold text-gray-900">
          <TeamName team={team} />
        </span>
        <MealLabel meal={team.meal} index={mealIndexOf(meals, team.meal)} />
      </span>
      <span className="flex items-center gap-3">{children}</span>
    </div>
  );
}
