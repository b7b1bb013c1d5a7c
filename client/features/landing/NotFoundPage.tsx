import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { usePageTitle } from './LandingLayout';

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
