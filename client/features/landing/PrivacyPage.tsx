import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ContentPage, usePageTitle } from './LandingLayout';

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
        <Trans>
          Every event is deleted with all its participants’ data a few days after it took place (five, unless the
          operator set another number), a cancelled event two days after the cancellation. Its organiser is told two
          days before. Only the number of participants, teams and meals of an event is kept, for statistics, with no
          name or address.
        </Trans>
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
