import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../landing/LandingLayout';

/** An unknown, outdated or mistyped personal link. */
export function SelfLinkInvalid() {
  const { t } = useLingui();
  usePageTitle(t`Link no longer valid`);
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8" data-testid="self-link-invalid">
      <h1 className="text-2xl font-bold text-gray-900">
        <Trans>This link is no longer valid</Trans>
      </h1>
      <p className="mt-4 leading-relaxed text-gray-700">
        <Trans>Please contact the organiser of your running dinner: they can help you with your registration.</Trans>
      </p>
    </div>
  );
}
