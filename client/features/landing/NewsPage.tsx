import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDate } from '../../components/dateFormat';
import { ContentPage, usePageTitle } from './LandingLayout';

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
