import { Trans } from '@lingui/react/macro';
import { Button } from './Button';

/** The generic error screen: what happened, whom to write to, and a retry. */
/** The server fills in ADMIN_EMAIL when it serves the page. */
const adminEmail = () =>
  document.querySelector<HTMLMetaElement>('meta[name="admin-email"]')?.content || 'admin@runningdinner.local';

export function ErrorScreen({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const contact = adminEmail();
  return (
    <div role="alert" className="mx-auto my-16 max-w-lg rounded-xl border border-red-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold text-red-800">
        <Trans>Something went wrong</Trans>
      </h1>
      {message && <p className="mt-3 text-gray-700">{message}</p>}
      <p className="mt-3 text-gray-700">
        <Trans>
          If this keeps happening, please write to{' '}
          <a className="font-medium text-primary-700 underline" href={`mailto:${contact}`}>
            {contact}
          </a>
          .
        </Trans>
      </p>
      <Button className="mt-6" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
