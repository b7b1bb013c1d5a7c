import type { RunningDinner } from '@contract/dinner';
import type { TeamsResponse } from '@contract/teams';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Loaded } from '../../components/Loaded';
import { PageTitle } from '../../components/PageTitle';
import { Skeleton } from '../../components/Skeleton';
import { useAction } from '../../components/useAction';
import { isReadOnly } from '../admin/hooks';
import { GeneratePanel } from './GeneratePanel';
import { useTeamActions, useTeams } from './hooks';
import { PersonalPagesCard } from './PersonalPagesCard';
import { TeamsPlan } from './TeamsPlan';
import { isCancelled } from './teamList';

/** /admin/{adminId}/teams — generate the teams, look at them by meal or as a table, and repair the plan. */
export function TeamsPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const { data, error, mutate } = useTeams();
  const actions = useTeamActions();
  const generation = useAction();
  // Said above the teams, not in the snackbar: that would lie over the first team cards.
  const [ready, setReady] = useState<string | null>(null);
  const generate = (call: () => Promise<TeamsResponse>) =>
    generation.run(call, (answer) => {
      setReady(
        answer.routeOptimizationId
          ? t`The teams are ready. Their routes are being shortened in the background (see Dinner routes).`
          : t`The teams are ready.`,
      );
      return null;
    });
  const hasTeams = (data?.teams.length ?? 0) > 0;

  return (
    <>
      <PageTitle
        sub={
          hasTeams ? <Counts response={data!} /> : <Trans>Who cooks with whom, which meal, and who visits whom.</Trans>
        }
      >
        <Trans>Teams</Trans>
      </PageTitle>

      <Loaded
        data={data}
        error={error}
        failure={(e) => `${t`The teams could not be loaded.`} ${e.message}`}
        onRetry={() => void mutate()}
        frame="card"
        loading={<TeamsSkeleton />}
        empty={
          !hasTeams && (
            <GeneratePanel
              dinner={dinner}
              readOnly={isReadOnly(dinner)}
              generating={generation.busy}
              onGenerate={() => void generate(actions.generate)}
            />
          )
        }
      >
        {(response) => (
          <>
            {ready && <ReadyNotice text={ready} onClose={() => setReady(null)} />}
            <TeamsPlan
              dinner={dinner}
              response={response}
              actions={actions}
              generating={generation.busy}
              onRegenerate={() => generate(actions.regenerate)}
            />
            <div className="mt-8">
              <PersonalPagesCard sentMails={response.sentMails} readOnly={isReadOnly(dinner)} />
            </div>
          </>
        )}
      </Loaded>
    </>
  );
}

function ReadyNotice({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl border border-primary-100 bg-primary-50 p-4 text-sm text-gray-900"
      data-testid="teams-ready"
    >
      <p className="flex-1">{text}</p>
      <button type="button" onClick={onClose} aria-label={t`Close`} className="text-gray-600 hover:text-gray-900">
        ×
      </button>
    </div>
  );
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
