import { Trans, useLingui } from '@lingui/react/macro';
import { ContentPage, CtaButtons, usePageTitle } from './LandingLayout';

export function CreateInfoPage() {
  const { t } = useLingui();
  usePageTitle(t`Organise a running dinner`);
  return (
    <ContentPage
      title={<Trans>Organise a running dinner</Trans>}
      lead={
        <Trans>
          You bring the people together – we take care of registration, teams and routes. Free and without ads.
        </Trans>
      }
    >
      <CtaButtons />
      <h2>
        <Trans>What you get</Trans>
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <Trans>A registration page for your event: public, with a secret link, or closed.</Trans>
        </li>
        <li>
          <Trans>A dashboard that always tells you what to do next.</Trans>
        </li>
        <li>
          <Trans>Automatic team building that respects partner wishes and seat counts.</Trans>
        </li>
        <li>
          <Trans>Dinner routes in which no two teams meet twice, each on a map on the participant's route page.</Trans>
        </li>
        <li>
          <Trans>
            Shorter ways between the homes: a map of every route, and a proposal with shorter routes that you look at
            before you save it, or that is saved by itself right after the teams are made.
          </Trans>
        </li>
        <li>
          <Trans>A waiting list for everyone who does not fit into a full round.</Trans>
        </li>
        <li>
          <Trans>Mails for registration, confirmation, partner invitations and a change of host.</Trans>
        </li>
        <li>
          <Trans>
            Mails with teams and routes, and your own texts, to all participants, with a preview and live progress.
          </Trans>
        </li>
      </ul>
      <h2>
        <Trans>What you need</Trans>
      </h2>
      <p>
        <Trans>
          An e-mail address and a date. After creating the event you get a mail with a confirmation link and the link to
          your administration – keep it safe, anyone with it can change your event.
        </Trans>
      </p>
      <h2>
        <Trans>Just trying it out?</Trans>
      </h2>
      <p>
        <Trans>Start a demo: it has 18 made-up participants, and its mail goes only to you.</Trans>
      </p>
    </ContentPage>
  );
}
