import type { SelfHome, WithdrawalResult } from '@contract/self';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatTimestamp } from '../../components/dateFormat';
import { TextAreaField } from '../../components/form';
import { PageMessage } from '../../components/PageMessage';
import { api, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toasts';
import { selfCardClass } from './SelfPage';

interface WithdrawCardProps {
  home: SelfHome;
  sessionPath: string;
  /** After the answer: DELETED leaves nothing to show, MARKED shows the page again. */
  onWithdrawn: (result: WithdrawalResult) => void;
}

/**
 * "I cannot come": before a team, the registration and its data are deleted at once; in a team the organiser is
 * told, since the teams change only by the organiser's hand. What happens is said before the click.
 */
export function WithdrawCard({ home, sessionPath, onWithdrawn }: WithdrawCardProps) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  if (home.withdrawnAt)
    return (
      <p className="rounded-lg border border-gray-300 bg-gray-50 p-4 text-gray-800" data-testid="self-withdrawn">
        <Trans>
          You told the organiser on {formatTimestamp(home.withdrawnAt)} that you cannot come. Everything stays as it is
          until the organiser changes it.
        </Trans>
      </p>
    );
  // Once the teams are made, only the organiser changes them (and the waiting list).
  const inTeam = home.teamsExist;
  const withdraw = async () => {
    try {
      onWithdrawn(await api.put<WithdrawalResult>(`${sessionPath}/withdraw`, { note }));
      setAsking(false);
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  return (
    <section className={selfCardClass} aria-labelledby="self-withdraw-heading" data-testid="self-withdraw">
      <h2 id="self-withdraw-heading" className="text-lg font-semibold text-gray-900">
        <Trans>You cannot come?</Trans>
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        {inTeam ? (
          <Trans>
            Tell the organiser: the teams are made, so they find someone for your place and tell the people it concerns.
            Everything stays as it is until then.
          </Trans>
        ) : (
          <Trans>
            You can delete your registration here. Your data is deleted at once, and this link stops working.
          </Trans>
        )}
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => setAsking(true)} data-testid="self-withdraw-open">
        {inTeam ? <Trans>Tell the organiser I cannot come</Trans> : <Trans>Delete my registration</Trans>}
      </Button>
      <ConfirmDialog
        open={asking}
        danger
        title={inTeam ? <Trans>Tell the organiser you cannot come?</Trans> : <Trans>Delete your registration?</Trans>}
        confirmLabel={inTeam ? <Trans>Tell the organiser</Trans> : <Trans>Delete my registration</Trans>}
        onClose={() => setAsking(false)}
        onConfirm={withdraw}
      >
        {inTeam ? (
          <>
            <p className="mb-4">
              <Trans>
                The organiser gets a mail with your name, your team and your note, and changes the teams. Until then
                everything stays as it is.
              </Trans>
            </p>
            <TextAreaField
              name="note"
              label={<Trans>A note for the organiser (optional)</Trans>}
              value={note}
              onChange={setNote}
              maxLength={500}
            />
          </>
        ) : (
          <p>
            <Trans>Your registration and your data are deleted at once. This cannot be undone.</Trans>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** After deleting the registration: nothing of it is left, and the link no longer opens anything. */
export function RegistrationDeleted() {
  return (
    <PageMessage
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
      testId="self-registration-deleted"
      title={<Trans>Your registration is deleted</Trans>}
    >
      <Trans>Your data is gone, and this link no longer works. Thank you for telling us — maybe next time!</Trans>
    </PageMessage>
  );
}
