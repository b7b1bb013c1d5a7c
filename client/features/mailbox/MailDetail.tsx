import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { formatTimestamp } from '../../components/dateFormat';
import { ErrorScreen } from '../../components/ErrorScreen';
import { SkeletonLines } from '../../components/Skeleton';
import type { ApiError } from '../../lib/api';
import { Linkified, type Mail, tokenQuery } from './outboxMail';

export function MailDetail() {
  const { t } = useLingui();
  const { id } = useParams<{ id: string }>();
  const {
    data: mail,
    error,
    mutate,
  } = useSWR<Mail, ApiError>(`/mailbox/${encodeURIComponent(id ?? '')}${tokenQuery()}`);
  const back = (
    <Link href="/" className="mb-4 inline-block font-semibold text-primary-700 underline underline-offset-2">
      ← <Trans>All mails</Trans>
    </Link>
  );
  if (error?.status === 404)
    return (
      <>
        {back}
        <div className="rounded-xl border border-gray-200 bg-white p-6" role="alert">
          <Trans>This mail does not exist (any more).</Trans>
        </div>
      </>
    );
  if (error) return <ErrorScreen message={error.message} onRetry={() => void mutate()} />;
  return (
    <>
      {back}
      <article
        className="rounded-xl border border-gray-200 bg-white shadow-sm"
        aria-busy={!mail}
        data-testid="mail-detail"
      >
        {!mail ? (
          <div className="p-6">
            <SkeletonLines lines={8} />
          </div>
        ) : (
          <>
            <header className="border-b border-gray-100 p-5 sm:p-6">
              <h1 className="text-xl font-semibold break-words text-gray-900">{mail.subject || t`(no subject)`}</h1>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-gray-600">
                  <Trans>From</Trans>
                </dt>
                <dd className="break-all text-gray-900">{mail.from}</dd>
                {mail.replyTo && (
                  <>
                    <dt className="text-gray-600">
                      <Trans>Reply to</Trans>
                    </dt>
                    <dd className="break-all text-gray-900" data-testid="mail-reply-to">
                      {mail.replyTo}
                    </dd>
                  </>
                )}
                <dt className="text-gray-600">
                  <Trans>To</Trans>
                </dt>
                <dd className="break-all text-gray-900">{mail.to}</dd>
                <dt className="text-gray-600">
                  <Trans>Date</Trans>
                </dt>
                <dd className="text-gray-900">{formatTimestamp(mail.date)}</dd>
              </dl>
            </header>
            <MailParts mail={mail} />
          </>
        )}
      </article>
    </>
  );
}

const partHeading = 'text-xs font-semibold tracking-wide text-gray-600 uppercase';

/** The text part with its links, the HTML part as the recipient's mail program shows it, and the attachments. */
function MailParts({ mail }: { mail: Mail }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-2">
      <section aria-labelledby="mail-text-heading">
        <h2 id="mail-text-heading" className={partHeading}>
          <Trans>Text part</Trans>
        </h2>
        <div
          className="mt-2 text-sm leading-relaxed whitespace-pre-wrap break-words text-gray-800"
          data-testid="mail-text"
        >
          <Linkified text={mail.text} />
        </div>
      </section>
      {mail.html && (
        <section aria-labelledby="mail-html-heading">
          <h2 id="mail-html-heading" className={partHeading}>
            <Trans>HTML part</Trans>
          </h2>
          {/* An empty sandbox: no scripts, no forms, no navigation; the page's own policy loads nothing remote. */}
          <iframe
            title={t`The mail as HTML`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={mail.html}
            className="mt-2 h-[40rem] w-full rounded-lg border border-gray-200 bg-white"
            data-testid="mail-html"
          />
        </section>
      )}
      {mail.attachments.length > 0 && (
        <section aria-labelledby="mail-attachments-heading" className="lg:col-span-2">
          <h2 id="mail-attachments-heading" className={partHeading}>
            <Trans>Attachments</Trans>
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {mail.attachments.map((file) => (
              <li key={file.index}>
                <a
                  href={`/rest/mailbox/${encodeURIComponent(mail.id)}/attachments/${file.index}${tokenQuery()}`}
                  download={file.filename}
                  className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-primary-700 hover:bg-gray-50"
                  data-testid="mail-attachment"
                >
                  {file.filename}
                  <span className="text-xs font-normal text-gray-600">
                    <Trans>{Math.max(1, Math.round(file.size / 1024))} KB</Trans>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
