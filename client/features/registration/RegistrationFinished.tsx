import type { PublicRunningDinner, RegistrationSummary } from '@contract/registration';
import { Trans } from '@lingui/react/macro';
import { registeredPartnerNote } from './RegistrationSummaryView';

/** After registering: the one thing left to do is to click the link in the mail. */
export function RegistrationFinished({
  summary,
  dinner,
}: {
  summary: RegistrationSummary;
  dinner: PublicRunningDinner;
}) {
  const email = summary.email;
  const partnerEmail = summary.teamPartnerWishEmail;
  const contact = dinner.publicContactEmail;
  return (
    <div
      className="rounded-xl border border-primary-100 bg-primary-50 p-5 sm:p-6"
      data-testid="registration-finished"
      role="status"
    >
      <p className="text-lg font-semibold text-primary-800">
        <Trans>Thank you! We have sent you an e-mail.</Trans>
      </p>
      <p className="mt-3 leading-relaxed text-gray-800">
        <Trans>
          Please open the mail to <strong className="[overflow-wrap:anywhere]">{email}</strong> and click the
          confirmation link in it. Only then does your registration count.
        </Trans>
      </p>
      {partnerEmail && (
        <p className="mt-3 leading-relaxed text-gray-800" data-testid="registration-finished-partner">
          {registeredPartnerNote(summary) ?? (
            <Trans>
              Once you have confirmed, we invite <strong className="[overflow-wrap:anywhere]">{partnerEmail}</strong> to
              register. When you both name each other, you are a fixed team.
            </Trans>
          )}
        </p>
      )}
      <p className="mt-3 text-sm leading-relaxed text-gray-700">
        <Trans>
          No mail within a few minutes? Look into your spam folder. If it is not there either, write to the organiser at{' '}
          <a
            href={`mailto:${contact}`}
            className="font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
          >
            {contact}
          </a>
          .
        </Trans>
      </p>
    </div>
  );
}
