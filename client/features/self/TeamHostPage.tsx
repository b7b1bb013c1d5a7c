import type { SelfTeam } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useParams } from 'wouter';
import { usePageTitle } from '../landing/LandingLayout';
import { BackToPersonalPage } from './BackToPersonalPage';
import { CancelledNotice } from './CancelledNotice';
import { SelfData } from './SelfPage';
import { HostChange, type HostChangeProps } from './team-host/HostChange';
import { YourTeamCard } from './team-host/YourTeamCard';

function TeamView({
  team,
  teamPath,
  onChanged,
  onReload,
}: Omit<HostChangeProps, 'onRefused'> & { onReload: () => void }) {
  const [refusal, setRefusal] = useState<string>();
  const self = team.teamMembers.find((m) => m.isSelf);
  const partners = team.teamMembers
    .filter((m) => !m.isSelf)
    .map(fullName)
    .join(', ');
  const name = self?.firstnamePart || self?.lastname || '';
  return (
    <div className="space-y-6" data-testid="self-team-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          <Trans>Your team</Trans>
        </h1>
        <p className="mt-2 text-gray-700">
          {partners ? (
            <Trans>
              Hello {name}, you cook together with {partners}.
            </Trans>
          ) : (
            <Trans>Hello {name}, this is your team.</Trans>
          )}
        </p>
      </div>
      {team.cancellation ? (
        <CancelledNotice cancellation={team.cancellation} title={team.title} date={team.date} />
      ) : (
        <YourTeamCard team={team} />
      )}
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="self-error"
        >
          {refusal}
        </p>
      )}
      {team.hostChangeable && !team.cancellation && (
        <HostChange
          team={team}
          teamPath={teamPath}
          onChanged={(next) => {
            setRefusal(undefined);
            onChanged(next);
          }}
          onRefused={(message) => {
            setRefusal(message);
            onReload();
          }}
        />
      )}
    </div>
  );
}

/** /self/{selfAdminId}/teamhost/{participantId}/{teamId}: the team mail's link, where either member can change the host. */
export function TeamHostPage() {
  const { t } = useLingui();
  usePageTitle(t`Your team`);
  const {
    selfAdminId = '',
    participantId = '',
    teamId = '',
  } = useParams<{ selfAdminId: string; participantId: string; teamId: string }>();
  const teamPath = `/self/v1/${selfAdminId}/${participantId}/${teamId}`;
  return (
    <>
      <BackToPersonalPage />
      <SelfData<SelfTeam> path={`${teamPath}/team`} loadingLabel={t`Loading your team…`}>
        {(team, mutate) => (
          <TeamView
            team={team}
            teamPath={teamPath}
            onChanged={(next) => void mutate(next, { revalidate: false })}
            onReload={() => void mutate()}
          />
        )}
      </SelfData>
    </>
  );
}
