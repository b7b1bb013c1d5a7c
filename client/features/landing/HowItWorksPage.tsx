import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ContentPage, CtaButtons, usePageTitle } from './LandingLayout';

export function HowItWorksPage() {
  const { t } = useLingui();
  usePageTitle(t`How a running dinner works`);
  return (
    <ContentPage
      title={<Trans>How a running dinner works</Trans>}
      lead={
        <Trans>
          A running dinner is a dinner in several courses, each in a different kitchen. For organisers it is little
          work, for participants a lot of fun.
        </Trans>
      }
    >
      <h2>
        <Trans>The idea</Trans>
      </h2>
      <p>
        <Trans>
          Everyone takes part in teams of two. Each team cooks exactly one course – appetizer, main course or dessert –
          and hosts two other teams. For the other two courses, the team is a guest somewhere else. So every team meets
          six other teams in one evening, that is twelve people.
        </Trans>
      </p>
      <h2>
        <Trans>For participants</Trans>
      </h2>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          <Trans>
            Find an event in the <Link href="/running-dinner-events">list of running dinners</Link> or use the link you
            got from the organiser.
          </Trans>
        </li>
        <li>
          <Trans>Register – with a partner of your choice, or alone and get a partner assigned.</Trans>
        </li>
        <li>
          <Trans>A few days before the event you learn your team partner and which course you cook.</Trans>
        </li>
        <li>
          <Trans>On the evening you follow your dinner route: where you eat which course, and who comes to you.</Trans>
        </li>
      </ol>
      <p>
        <Trans>
          Your organiser mails you your team once the teams are made, and your route with a calendar file shortly before
          the evening.
        </Trans>
      </p>
      <h2>
        <Trans>For organisers</Trans>
      </h2>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          <Trans>Create the running dinner: date, place, courses and times. It takes about five minutes.</Trans>
        </li>
        <li>
          <Trans>Share the registration link, or add the participants yourself.</Trans>
        </li>
        <li>
          <Trans>When registration has ended, generate the teams and their dinner routes with one click.</Trans>
        </li>
        <li>
          <Trans>
            Mail everyone their team and their route, watch the mails go out, and enjoy the evening yourself.
          </Trans>
        </li>
      </ol>
      <h2>
        <Trans>How many people do you need?</Trans>
      </h2>
      <p>
        <Trans>
          With three courses at least 18 people (9 teams), with two courses at least 8 people (4 teams). Beyond that,
          people join in blocks of 6 with three courses and of 4 with two; whoever does not fit into a complete block
          waits on the waiting list.
        </Trans>
      </p>
      <CtaButtons className="pt-4" />
    </ContentPage>
  );
}
