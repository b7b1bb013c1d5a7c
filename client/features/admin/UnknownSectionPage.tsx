import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { PageTitle } from '../../components/PageTitle';
import { useDashboardHref } from './hooks';

/** An address inside the administration that names no page (a mistyped or outdated link). */
export function UnknownSectionPage() {
  const dashboardHref = useDashboardHref();
  return (
    <>
      <PageTitle>
        <Trans>Page not found</Trans>
      </PageTitle>
      <Card>
        <p className="text-gray-700">
          <Trans>The administration has no page at this address. The overview shows you what to do next.</Trans>
        </p>
        <Link
          href={dashboardHref}
          className="mt-4 inline-block font-semibold text-primary-700 underline underline-offset-2"
        >
          <Trans>Back to the overview</Trans>
        </Link>
      </Card>
    </>
  );
}
