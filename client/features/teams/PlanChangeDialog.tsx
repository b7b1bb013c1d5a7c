import type { SentMails } from '@contract/teams';
import { Plural, Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** A change of the whole plan: generating it again, deleting it, or new teams from these waiting participants (every route changes). */
export type PlanChange = 'regenerate' | 'drop' | { newTeamsFrom: string[] };

/** Regenerating, deleting and adding teams from the waiting list change everyone's evening: each asks first and names what mails become wrong. */
export function PlanChangeDialog({
  change,
  teamCount,
  teamSize,
  sentMails,
  onClose,
  onConfirm,
}: {
  change: PlanChange | null;
  teamCount: number;
  teamSize: number;
  sentMails: SentMails;
  onClose: () => void;
  onConfirm: (change: PlanChange) => Promise<unknown>;
}) {
  const mails = (sentMails.teamMails || sentMails.dinnerRouteMails) && (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
      data-testid="plan-change-mails-warning"
    >
      {sentMails.dinnerRouteMails ? (
        <Plural
          value={sentMails.dinnerRouteRecipients}
          one="# person already got their dinner route; it will be wrong. Send everyone their new route afterwards."
          other="# people already got their dinner routes; they will be wrong. Send everyone their new route afterwards."
        />
      ) : (
        <Trans>The team mails were already sent: they become wrong. Send everyone their new team afterwards.</Trans>
      )}
    </p>
  );
  const open = change !== null;
  const confirm = () => (change ? onConfirm(change) : undefined);
  if (change === 'regenerate')
    return (
      <ConfirmDialog
        open={open}
        danger
        title={<Trans>Generate the teams again?</Trans>}
        confirmLabel={<Trans>Generate new teams</Trans>}
        onClose={onClose}
        onConfirm={confirm}
      >
        <p>
          <Trans>
            All {teamCount} teams are replaced by new ones: members, hosts, meals and routes change. Swaps, host changes
            and cancellations you made are lost.
          </Trans>
        </p>
        {mails}
      </ConfirmDialog>
    );
  if (change === 'drop')
    return (
      <ConfirmDialog
        open={open}
        danger
        title={<Trans>Delete all teams?</Trans>}
        confirmLabel={<Trans>Delete the teams</Trans>}
        onClose={onClose}
        onConfirm={confirm}
      >
        <p>
          <Trans>
            The {teamCount} teams and their routes are deleted. Everyone stays registered, and you can generate new
            teams at any time.
          </Trans>
        </p>
        {mails}
      </ConfirmDialog>
    );
  const newTeams = change ? change.newTeamsFrom.length / teamSize : 0;
  return (
    <ConfirmDialog
      open={open}
      title={<Trans>Make {newTeams} new teams?</Trans>}
      confirmLabel={<Trans>Make the new teams</Trans>}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p>
        <Trans>
          The teams you have keep their members and meals. Guests are spread anew over all hosts, so the routes of
          existing teams change too.
        </Trans>
      </p>
      {mails}
    </ConfirmDialog>
  );
}
