import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ContentPage, LOST_LINK_URL, usePageTitle } from './LandingLayout';
import { useOperator } from './operator';

/** Whom to write about personal data: the operator's privacy contact, or the imprint when none is published. */
function PrivacyContact() {
  const contact = useOperator().data?.privacyContact;
  return contact ? (
    <Trans>
      Write to <a href={`mailto:${contact}`}>{contact}</a>, or to the organiser of your event.
    </Trans>
  ) : (
    <Trans>
      Write to the organiser of your event, or to the operator named in the <Link href="/impressum">imprint</Link>.
    </Trans>
  );
}

/** What this app stores, why, who sees it and for how long: every consent checkbox links here. */
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
          The operator named in the <Link href="/impressum">imprint</Link> runs this server. For the data of an event,
          its organiser is responsible as well.
        </Trans>
      </p>
      <h2>
        <Trans>What we store, and why</Trans>
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <Trans>
            Organisers: e-mail address, name and address for the agreement below, and the details of the event – to run
            it and to reach its organiser.
          </Trans>
        </li>
        <li>
          <Trans>
            Participants: name, e-mail, address, optional mobile number, age, seats and food preferences – so that teams
            and routes can be planned and everyone knows where to go and what to cook.
          </Trans>
        </li>
        <li>
          <Trans>
            The mails the app sends for an event, and what the team and route mails told each participant – so that a
            later change reaches exactly the people it concerns.
          </Trans>
        </li>
        <li>
          <Trans>
            A registration fee is paid through Stripe, which receives the payer's e-mail address and card details; we
            keep the payment's state and amount.
          </Trans>
        </li>
        <li>
          <Trans>
            To draw the map, addresses are located through a geocoding service (OpenStreetMap's Nominatim unless the
            operator chose another one); map tiles are loaded without telling the tile server which page you are on.
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
          The organiser of the event sees the details of its participants. Once the organiser sent the teams and routes
          (or published them), your team partner sees your contact details, and the teams you visit or who visit you
          learn your name and, if you host, your address and phone number. Nobody else does.
        </Trans>
      </p>
      <h2>
        <Trans>How long we keep it</Trans>
      </h2>
      <p>
        <Trans>
          Every event is deleted with all its participants’ data a few days after it took place (five, unless the
          operator set another number), a cancelled event two days after the cancellation. Its organiser is told two
          days before. Only the number of participants, teams and meals of an event is kept, for statistics, with no
          name or address.
        </Trans>
      </p>
      <h2 id="processing">
        <Trans>Data processing terms for organisers</Trans>
      </h2>
      <p>
        <Trans>
          An organiser collects the participants' data for their event and is responsible for it. The operator processes
          it only on the organiser's behalf and only to run the event: it is stored on this server, passed on only to
          the mail server, the geocoding service and, for fees, Stripe, and deleted as described above. The organiser
          may pass it on to nobody but the participants of the event, and only as far as the teams and routes need it.
        </Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You can ask for information, correction or deletion of your data at any time. Before the teams are made you
          can delete your registration yourself on your personal page; a lost personal link is sent again on the page{' '}
          <Link href={LOST_LINK_URL}>Lost your link?</Link>.
        </Trans>{' '}
        <PrivacyContact />
      </p>
    </ContentPage>
  );
}
