import type { SentMails } from '@contract/teams';
import { Trans } from '@lingui/react/macro';

/** Mails already sent describe the old plan: say which ones must go out again. */
export function SentMailsWarning({ sentMails }: { sentMails: SentMails }) {
  if (!sentMails.teamMails && !sentMails.dinnerRouteMails) return null;
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="sent-mails-warning"
    >
      {sentMails.dinnerRouteMails ? (
        <Trans>The dinner routes were already sent. Send the affected teams their new routes afterwards.</Trans>
      ) : (
        <Trans>The team mails were already sent. Tell the affected teams about the change afterwards.</Trans>
      )}
    </div>
  );
}
