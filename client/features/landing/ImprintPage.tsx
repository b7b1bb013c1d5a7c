import type { Operator } from '@contract/operator';
import { Trans, useLingui } from '@lingui/react/macro';
import { ContentPage, usePageTitle } from './LandingLayout';
import { useOperator } from './operator';

/** What the operator has not set yet is said plainly: never a bracketed placeholder. */
function NotPublished() {
  return (
    <p className="text-gray-700" data-testid="operator-missing">
      <Trans>The operator of this server has not published these details yet.</Trans>
    </p>
  );
}

function OperatorDetails({ operator }: { operator: Operator }) {
  if (!operator.name && !operator.address && !operator.email) return <NotPublished />;
  return (
    <address className="whitespace-pre-line not-italic" data-testid="operator-details">
      {[operator.name, operator.address].filter(Boolean).join('\n')}
      {operator.email && (
        <>
          {'\n'}
          <Trans>E-mail:</Trans> <a href={`mailto:${operator.email}`}>{operator.email}</a>
        </>
      )}
    </address>
  );
}

export function ImprintPage() {
  const { t } = useLingui();
  usePageTitle(t`Imprint`);
  const { data: operator } = useOperator();
  return (
    <ContentPage title={<Trans>Imprint</Trans>}>
      <h2>
        <Trans>Operator and responsible for the content</Trans>
      </h2>
      {operator && <OperatorDetails operator={operator} />}
      <h2 id="spenden">
        <Trans>Donations</Trans>
      </h2>
      {operator?.donationUrl ? (
        <p>
          <Trans>
            Running Dinner is free and without ads. If you want to support its operation, you can donate here:
          </Trans>{' '}
          <a href={operator.donationUrl} rel="noopener noreferrer" data-testid="donation-link">
            {operator.donationUrl}
          </a>
        </p>
      ) : (
        <p data-testid="donation-missing">
          <Trans>
            Running Dinner is free and without ads. The operator of this server has not published how to donate yet.
          </Trans>
        </p>
      )}
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
