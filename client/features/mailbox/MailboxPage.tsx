import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Link, Route, Switch } from 'wouter';
import { Button, LinkButton } from '../../components/Button';
import { formatTimestamp } from '../../components/dateFormat';
import { ErrorScreen } from '../../components/ErrorScreen';
import { HomeLink, MinimalLayout } from '../../components/MinimalLayout';
import { Skeleton } from '../../components/Skeleton';
import { type Column, TableHead } from '../../components/Table';
import type { ApiError } from '../../lib/api';
import { MailDetail } from './MailDetail';
import { type MailSummary, tokenQuery } from './outboxMail';

function Shell({ children }: { children: ReactNode }) {
  return (
    <MinimalLayout
      className="min-h-screen bg-gray-50"
      rowClassName="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3"
      brand={
        <div className="flex min-w-0 items-center gap-3">
          <HomeLink className="shrink-0 font-bold text-primary-700" />
          <span aria-hidden="true" className="text-gray-300">
            /
          </span>
          <Link href="/" className="truncate font-medium text-gray-800 hover:underline">
            <Trans>Mailbox</Trans>
          </Link>
        </div>
      }
    >
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </MinimalLayout>
  );
}

function MailList() {
  const { data, error, mutate, isValidating } = useSWR<{ mails: MailSummary[] }, ApiError>(`/mailbox${tokenQuery()}`);
  if (error?.status === 404) return <OutboxClosed />;
  if (error) return <ErrorScreen message={error.message} onRetry={() => void mutate()} />;
  const mails = data ? [...data.mails].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '')) : undefined;
  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
            <Trans>Mailbox</Trans>
          </h1>
          <p className="mt-1 max-w-2xl text-gray-600">
            <Trans>
              No mail server is configured, so the mails this app sends land here instead of in real inboxes.
            </Trans>
          </p>
        </div>
        <Button variant="secondary" onClick={() => void mutate()} disabled={isValidating}>
          {isValidating ? <Trans>Refreshing…</Trans> : <Trans>Refresh</Trans>}
        </Button>
      </div>
      {!mails ? (
        <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : mails.length === 0 ? (
        <NoMails />
      ) : (
        <MailTable mails={mails} />
      )}
    </>
  );
}

/** The server answers 404 to everyone but its own machine (or the holder of the outbox token). */
function OutboxClosed() {
  return (
    <div
      className="rounded-xl border border-gray-200 bg-white p-8 text-center"
      role="alert"
      data-testid="mailbox-closed"
    >
      <h1 className="text-xl font-semibold text-gray-900">
        <Trans>This mailbox is private</Trans>
      </h1>
      <p className="mx-auto mt-2 max-w-lg text-sm text-gray-600">
        <Trans>
          The mails in this mailbox contain the links to every running dinner, so only the computer the server runs on
          can read them, or whoever opens the mailbox link with its token. If you run this server, open the mailbox on
          that computer or ask for the link with the token.
        </Trans>
      </p>
    </div>
  );
}

function NoMails() {
  return (
    <div
      className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center"
      data-testid="mailbox-empty"
    >
      <p className="font-semibold text-gray-900">
        <Trans>No mails yet</Trans>
      </p>
      <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
        <Trans>
          When you create a running dinner, the confirmation mail appears here. Because no SMTP server is configured,
          nothing leaves this computer.
        </Trans>
      </p>
      <LinkButton plain href="/running-dinner-wizard" className="mt-4">
        <Trans>Create a running dinner</Trans>
      </LinkButton>
    </div>
  );
}

const mailColumns: Column[] = [
  { label: <Trans>Subject</Trans>, className: 'px-4 py-3' },
  { label: <Trans>To</Trans>, className: 'px-4 py-3' },
  { label: <Trans>Date</Trans>, className: 'px-4 py-3 text-right' },
];

function MailTable({ mails }: { mails: MailSummary[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <TableHead
          columns={mailColumns}
          className="hidden bg-gray-50 text-xs font-semibold uppercase tracking-wide text-gray-600 sm:table-header-group"
        />
        <tbody className="divide-y divide-gray-100">
          {mails.map((mail) => (
            <tr key={mail.id} className="relative block hover:bg-primary-50 sm:table-row" data-testid="mail-row">
              <td className="block px-4 pt-3 sm:table-cell sm:py-3">
                <Link
                  href={`/${encodeURIComponent(mail.id)}`}
                  className="font-semibold text-gray-900 after:absolute after:inset-0 focus:outline-none focus-visible:underline"
                >
                  {mail.subject || <Trans>(no subject)</Trans>}
                </Link>
              </td>
              <td className="block px-4 text-gray-700 sm:table-cell sm:py-3">
                <span className="break-all">{mail.to}</span>
              </td>
              <td className="block px-4 pb-3 text-xs whitespace-nowrap text-gray-600 sm:table-cell sm:py-3 sm:text-right sm:text-sm">
                {formatTimestamp(mail.date)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /mailbox — the outbox of an installation without SMTP. */
export default function MailboxPage() {
  return (
    <Shell>
      <Switch>
        <Route path="/">
          <MailList />
        </Route>
        <Route path="/:id">
          <MailDetail />
        </Route>
      </Switch>
    </Shell>
  );
}
