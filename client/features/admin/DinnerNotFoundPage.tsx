import { Trans } from '@lingui/react/macro';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';

/** A wrong admin link, or one of an event that was cancelled and has since been deleted. */
export function DinnerNotFoundPage() {
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
          <a href="/" className="font-bold text-primary-700">
            <Trans>Running Dinner</Trans>
          </a>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-16" data-testid="dinner-not-found">
        <div className="rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-bold text-gray-900">
            <Trans>This running dinner does not exist (any more)</Trans>
          </h1>
          <p className="mt-4 leading-relaxed text-gray-700">
            <Trans>Either the link is not complete – please copy it once more from your mail – or the running dinner was cancelled and its data has been deleted.</Trans>
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href="/running-dinner-wizard" className="inline-flex justify-center rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800">
              <Trans>Create a new running dinner</Trans>
            </a>
            <a href="/" className="inline-flex justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50">
              <Trans>To the home page</Trans>
            </a>
          </div>
        </div>
      </main>
    </div>
  );
}
