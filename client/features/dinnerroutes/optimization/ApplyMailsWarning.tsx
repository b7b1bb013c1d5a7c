import type { SentMails } from '@contract/teams';
import { Plural, Trans } from '@lingui/react/macro';

/** What mails already sent mean for the new routes. */
export function ApplyMailsWarning({ sentMails, mealsChange }: { sentMails: SentMails; mealsChange: boolean }) {
  if (sentMails.dinnerRouteMails) {
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        data-testid="apply-mails-warning"
      >
        <Plural
          value={sentMails.dinnerRouteRecipients}
          one="# person already got their dinner route; it will be wrong. Send the dinner routes again afterwards."
          other="# people already got their dinner routes; they will be wrong. Send the dinner routes again afterwards."
        />
      </p>
    );
  }
  if (sentMails.teamMails && mealsChange) {
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        data-testid="apply-mails-warning"
      >
        <Trans>
          The team mails were already sent and name the meal each team cooks: tell the teams whose meal changes
          afterwards.
        </Trans>
      </p>
    );
  }
  return null;
}
