import { Trans } from '@lingui/react/macro';
import { LinkButton } from '../../components/Button';
import { HomeLink, MinimalLayout } from '../../components/MinimalLayout';
import { PageMessage } from '../../components/PageMessage';
import { LOST_LINK_URL } from '../landing/LandingLayout';

/** A wrong admin link, or one of an event that was cancelled and has since been deleted. */
export function DinnerNotFoundPage() {
  return (
    <MinimalLayout
      className="min-h-screen bg-gray-50"
      rowClassName="mx-auto flex max-w-7xl items-center justify-between px-4 py-3"
      brand={<HomeLink className="font-bold text-primary-700" />}
    >
      <main className="mx-auto max-w-xl px-4 py-16" data-testid="dinner-not-found">
        <PageMessage
          className="rounded-xl border border-gray-200 bg-white p-8 shadow-sm"
          title={<Trans>This running dinner does not exist (any more)</Trans>}
          actions={
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <LinkButton plain href="/running-dinner-wizard">
                <Trans>Create a new running dinner</Trans>
              </LinkButton>
              <LinkButton plain href={LOST_LINK_URL} variant="secondary" data-testid="admin-lost-link">
                <Trans>Lost your link?</Trans>
              </LinkButton>
              <LinkButton plain href="/" variant="secondary">
                <Trans>To the home page</Trans>
              </LinkButton>
            </div>
          }
        >
          <Trans>
            Either the link is not complete – please copy it once more from your mail – or the running dinner was
            cancelled and its data has been deleted. If you lost the mail, we send the links of your running dinners to
            your address again.
          </Trans>
        </PageMessage>
      </main>
    </MinimalLayout>
  );
}
