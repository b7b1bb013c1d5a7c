import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../components/dateFormat';
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

function NewsEntry({ date, title, children }: { date: string; title: ReactNode; children: ReactNode }) {
  return (
    <article className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <p className="text-sm text-gray-600">
        <time dateTime={date}>{formatDate(date)}</time>
      </p>
      <h2 className="!mt-1">{title}</h2>
      <p className="mt-2">{children}</p>
    </article>
  );
}

export function NewsPage() {
  const { t } = useLingui();
  usePageTitle(t`News`);
  return (
    <ContentPage title={<Trans>News</Trans>} lead={<Trans>What is new on Running Dinner.</Trans>}>
      <NewsEntry date="2026-11-26" title={<Trans>Ready for large events</Trans>}>
        <Trans>
          Running Dinner now also runs on PostgreSQL with several servers sharing the work: every mail still goes out
          once, a route search runs once, and live progress reaches you whichever server answers you. Running it
          yourself stays one command, or one container, with the database built in.
        </Trans>
      </NewsEntry>
      <NewsEntry date="2026-11-26" title={<Trans>Registration fees by card</Trans>}>
        <Trans>
          Ask a registration fee and let people pay it by card through Stripe while they register; a team registering
          together pays twice. A registration counts once the payment has arrived, you see every payment with its
          status, and a payment that came too late is shown to you with a refund button.
        </Trans>
      </NewsEntry>
      <NewsEntry date="2026-11-26" title={<Trans>Shorter routes in seconds</Trans>}>
        <Trans>
          Addresses are placed on an OpenStreetMap map by themselves, and the ones that cannot be found are listed for
          you to set by hand. The route cockpit shows every host, path and distance. One click shortens everyone's way
          in a few seconds while you watch the search improve; you see every changed route before you save it, and still
          no two teams meet twice.
        </Trans>
      </NewsEntry>
      <NewsEntry date="2026-11-25" title={<Trans>Messages with live progress</Trans>}>
        <Trans>
          Write to your participants and teams with placeholders, see each mail as its recipient reads it, and watch
          hundreds go out live. Dinner-route mails carry the evening as a calendar file, and a mail that bounced is sent
          again to a corrected address. Next: routes planned by the distances between the addresses.
        </Trans>
      </NewsEntry>
      <NewsEntry date="2026-11-21" title={<Trans>Teams and dinner routes</Trans>}>
        <Trans>
          With one click the confirmed participants become teams of two, with their dinner routes in which no two teams
          meet twice. You can swap members, courses and hosts, and replace cancelled teams from the waiting list. A
          route page with a map for every participant is ready for the route mails that come next.
        </Trans>
      </NewsEntry>
      <NewsEntry date="2026-11-21" title={<Trans>Registration and participants</Trans>}>
        <Trans>
          People register on the page of your event and confirm with the link in their mail, alone or with a team
          partner. You manage everyone in one list with the waiting list, and export or import it as CSV or Excel.
        </Trans>
      </NewsEntry>
      <NewsEntry date="2026-11-21" title={<Trans>A fresh start</Trans>}>
        <Trans>
          Running Dinner has been rebuilt from the ground up: faster, usable on the phone, and easy to run on your own
          server.
        </Trans>
      </NewsEntry>
    </ContentPage>
  );
}

export function ImprintPage() {
  const { t } = useLingui();
  usePageTitle(t`Imprint`);
  return (
    <ContentPage title={<Trans>Imprint</Trans>}>
      <div
        role="note"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
        data-testid="imprint-placeholder"
      >
        <p className="font-semibold">
          <Trans>Note for operators</Trans>
        </p>
        <p className="mt-1 text-sm">
          <Trans>
            The details below are placeholders. If you run this app publicly, replace them with your own name, address
            and contact before you go live.
          </Trans>
        </p>
      </div>
      <h2>
        <Trans>Operator</Trans>
      </h2>
      <address className="not-italic">
        <Trans>[Name of the operator]</Trans>
        <br />
        <Trans>[Street and number]</Trans>
        <br />
        <Trans>[Zip code and city]</Trans>
        <br />
        <Trans>E-mail: [contact address]</Trans>
      </address>
      <h2>
        <Trans>Responsible for the content</Trans>
      </h2>
      <p>
        <Trans>[Name, address as above]</Trans>
      </p>
      <h2 id="spenden">
        <Trans>Donations</Trans>
      </h2>
      <p>
        <Trans>
          Running Dinner is free and without ads. If you want to support the operation, please use the donation details
          of the operator: [bank account or donation link].
        </Trans>
      </p>
      <h2>
        <Trans>Liability for content and links</Trans>
      </h2>
      <p>
        <Trans>
          The events listed here are organised by their organisers, who are responsible for them. We check links to
          other websites when we set them, but we are not responsible for their content.
        </Trans>
      </p>
    </ContentPage>
  );
}

export function PrivacyPage() {
  const { t } = useLingui();
  usePageTitle(t`Privacy`);
  return (
    <ContentPage
      title={<Trans>Privacy</Trans>}
      lead={<Trans>We store only what a running dinner needs, and nothing for tracking or advertising.</Trans>}
    >
      <h2>
        <Trans>Who is responsible</Trans>
      </h2>
      <p>
        <Trans>
          The operator named in the <Link href="/impressum">imprint</Link>. For the data of an event, its organiser is
          responsible as well.
        </Trans>
      </p>
      <h2>
        <Trans>What we store</Trans>
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <Trans>Organisers: e-mail address, name and address for the contract, and the details of the event.</Trans>
        </li>
        <li>
          <Trans>
            Participants: name, e-mail, address, optional mobile number, age, seats and food preferences – so that teams
            and routes can be planned.
          </Trans>
        </li>
        <li>
          <Trans>A cookie named “lang” that remembers your language. There is no tracking and no advertising.</Trans>
        </li>
      </ul>
      <h2>
        <Trans>Who sees the data</Trans>
      </h2>
      <p>
        <Trans>
          The organiser of the event sees the details of its participants. Your team and the teams you visit learn your
          name and, if you host, your address.
        </Trans>
      </p>
      <h2>
        <Trans>How long we keep it</Trans>
      </h2>
      <p>
        <Trans>A cancelled event is deleted with all its data within two days.</Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You can ask for information, correction or deletion of your data at any time. Write to the organiser of your
          event or to the operator.
        </Trans>
      </p>
    </ContentPage>
  );
}

export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="not-found">
      <p className="text-5xl font-bold text-primary-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">
        <Trans>This page does not exist</Trans>
      </h1>
      <p className="mt-3 text-gray-700">
        <Trans>Maybe the link is incomplete, or the page has moved. From the home page you will find your way.</Trans>
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          href="/"
          className="inline-flex justify-center rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
        >
          <Trans>To the home page</Trans>
        </Link>
        <Link
          href="/running-dinner-events"
          className="inline-flex justify-center rounded-lg border border-gray-300 px-5 py-2.5 font-semibold text-gray-800 hover:bg-gray-50"
        >
          <Trans>Find a running dinner</Trans>
        </Link>
      </div>
    </div>
  );
}
