import { Trans, useLingui } from '@lingui/react/macro';
import { ContentPage, usePageTitle } from './LandingLayout';

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
