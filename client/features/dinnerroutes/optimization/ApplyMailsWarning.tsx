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
          one="# person already got their dinner route. If it changes, they are listed under Messages → Updates afterwards; one click sends them the new one."
          other="# people already got their dinner routes. Those whose routes change are listed under Messages → Updates afterwards; one click sends them the new ones."
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
          The team mails were already sent and name the meal each team cooks. The teams whose meal changes are listed
          under Messages → Updates afterwards; one click tells them.
        </Trans>
      </p>
    );
  }
  return null;
}
