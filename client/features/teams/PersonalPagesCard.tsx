import type { SentMails } from '@contract/teams';
import type { Published } from '@contract/updates';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '../../components/Card';
import { SwitchField } from '../../components/form';
import { useAction } from '../../components/useAction';
import { usePublishTeams } from './hooks';

/**
 * Whether the participants' personal pages show their team and route before a mail told them: off, a page shows them
 * only to whom the team or route mail went, so the organiser can still change everything.
 */
export function PersonalPagesCard({ sentMails, readOnly }: { sentMails: SentMails; readOnly: boolean }) {
  const { t } = useLingui();
  const publish = usePublishTeams();
  const saving = useAction();
  const { published } = sentMails;
  const save = (wanted: Published) =>
    void saving.run(
      () => publish(wanted),
      (answer) =>
        answer.teams
          ? t`The personal pages show what you switched on.`
          : t`The personal pages show teams and routes only to whom a mail told them.`,
    );
  return (
    <Card title={<Trans>Personal pages</Trans>} testId="personal-pages">
      <p className="mb-4 text-sm text-gray-700">
        <Trans>
          A participant sees their team and route on their personal page once the team or route mail reached them. You
          can show them earlier, without a mail — then every later change shows there at once.
        </Trans>
      </p>
      <div className="space-y-4">
        <SwitchField
          name="teamsPublished"
          label={<Trans>Show the teams on the personal pages</Trans>}
          description={<Trans>Everyone sees their team partner, their course and where they cook.</Trans>}
          checked={published.teams}
          disabled={readOnly || saving.busy}
          onChange={(teams) => save({ teams, routes: teams && published.routes })}
        />
        <SwitchField
          name="routesPublished"
          label={<Trans>Show the dinner routes on the personal pages</Trans>}
          description={
            <Trans>Everyone sees where they eat each course, with the hosts' addresses and phone numbers.</Trans>
          }
          checked={published.routes}
          disabled={readOnly || saving.busy}
          onChange={(routes) => save({ teams: routes || published.teams, routes })}
        />
      </div>
    </Card>
  );
}
