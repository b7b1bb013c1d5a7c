import type { SentMails } from '@contract/teams';
import { Trans } from '@lingui/react/macro';

/** Mails already sent describe the old plan: say where the people a change concerns are told. */
export function SentMailsWarning({ sentMails }: { sentMails: SentMails }) {
  if (!sentMails.teamMails && !sentMails.dinnerRouteMails) return null;
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="sent-mails-warning"
    >
      {sentMails.dinnerRouteMails ? (
        <Trans>
          The dinner routes were already sent. Afterwards, everyone whose route this changes is listed under Messages →
          Updates, and one click tells them.
        </Trans>
      ) : (
        <Trans>
          The team mails were already sent. Afterwards, everyone whose team this changes is listed under Messages →
          Updates, and one click tells them.
        </Trans>
      )}
    </div>
  );
}
