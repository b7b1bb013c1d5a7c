import { Trans, useLingui } from '@lingui/react/macro';
import { LinkButton } from '../../components/Button';
import { PageMessage } from '../../components/PageMessage';
import { LOST_LINK_URL, usePageTitle } from '../landing/LandingLayout';

/** An unknown, outdated or mistyped personal link. */
export function SelfLinkInvalid() {
  const { t } = useLingui();
  usePageTitle(t`Link no longer valid`);
  return (
    <PageMessage
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
      testId="self-link-invalid"
      title={<Trans>This link is no longer valid</Trans>}
      actions={
        <div className="mt-6">
          <LinkButton plain href={LOST_LINK_URL} variant="secondary" data-testid="self-lost-link">
            <Trans>Have my current links mailed to me</Trans>
          </LinkButton>
        </div>
      }
    >
      <Trans>Please contact the organiser of your running dinner: they can help you with your registration.</Trans>
    </PageMessage>
  );
}
