import { Fragment } from 'react';

export interface MailSummary {
  id: string;
  subject: string;
  from: string;
  to: string;
  date: string | null;
}
export interface Mail extends MailSummary {
  replyTo: string;
  text: string;
  html: string;
  attachments: { index: number; filename: string; contentType: string; size: number }[];
}

const TOKEN_KEY = 'mailbox-token';

/** The outbox token of the link (`/mailbox?token=…`), kept for the outbox pages of this tab. */
export function tokenQuery(): string {
  const fromLink = new URLSearchParams(window.location.search).get('token');
  if (fromLink) sessionStorage.setItem(TOKEN_KEY, fromLink);
  const token = fromLink ?? sessionStorage.getItem(TOKEN_KEY);
  return token ? `?token=${encodeURIComponent(token)}` : '';
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]])/g;

/** The mail text with every http(s) address as a link, so the confirmation link can be clicked. */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            className="break-all font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800"
          >
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
