import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { PageTitle } from '../../components/PageTitle';
import { useDashboardHref } from './hooks';

/** Teams, routes, messages and payments are not built yet; say so instead of a blank page. */
export function ComingSoonPage() {
  const dashboardHref = useDashboardHref();
  return (
    <>
      <PageTitle>
        <Trans>Coming soon</Trans>
      </PageTitle>
      <Card>
        <p className="text-gray-700">
          <Trans>This part of the administration is still being built. Until then, the overview shows you what to do next.</Trans>
        </p>
        <Link href={dashboardHref} className="mt-4 inline-block font-semibold text-primary-700 underline underline-offset-2">
          <Trans>Back to the overview</Trans>
        </Link>
      </Card>
    </>
  );
}
