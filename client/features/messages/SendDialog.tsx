import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface SendDialogProps {
  open: boolean;
  recipients: number;
  mails: number;
  subject: string;
  /** A demo mails only its creator, at this address. */
  demoTo: string | null;
  /** What "later" proposes, on this device's clock: for routes three days before the dinner. */
  proposedLater: string;
  onClose: () => void;
  /** Sends now (no time) or at the instant chosen. */
  onSend: (sendAt: string | undefined) => Promise<unknown>;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-900 focus:border-primary-600 focus:ring-primary-600 sm:w-auto';

/** The last question before a message goes out: to how many, and now or at a time chosen here. */
export function SendDialog({
  open,
  recipients,
  mails,
  subject,
  demoTo,
  proposedLater,
  onClose,
  onSend,
}: SendDialogProps) {
  const { t } = useLingui();
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState(proposedLater);
  useEffect(() => {
    if (open) setSendAt(proposedLater);
  }, [open, proposedLater]);
  return (
    <ConfirmDialog
      open={open}
      title={<Plural value={recipients} one="Send to # recipient?" other="Send to # recipients?" />}
      confirmLabel={later ? <Trans>Send later</Trans> : <Trans>Send now</Trans>}
      confirmDisabled={later && sendAt === ''}
      onClose={onClose}
      onConfirm={() => onSend(later ? new Date(sendAt).toISOString() : undefined)}
    >
      <p className="font-semibold break-words text-gray-900">{subject}</p>
      {mails < recipients && (
        <p>
          <Plural
            value={mails}
            one="Some share an address, so # mail goes out."
            other="Some share an address, so # mails go out."
          />
        </p>
      )}
      <fieldset className="space-y-2" data-testid="send-when">
        <legend className="text-sm font-semibold text-gray-900">
          <Trans>When</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="send-when" checked={!later} onChange={() => setLater(false)} />
          <Trans>Now</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="send-when"
            checked={later}
            onChange={() => setLater(true)}
            data-testid="send-later"
          />
          <Trans>Later, at a time I choose</Trans>
        </label>
        {later && (
          <div className="pl-6">
            <input
              type="datetime-local"
              aria-label={t`Send at`}
              className={inputClass}
              value={sendAt}
              onChange={(e) => setSendAt(e.target.value)}
              data-testid="send-at"
            />
            <p className="mt-1 text-xs text-gray-600">
              <Trans>
                The mails are written when they go out, so changes until then are in them. Until then you can move or
                cancel the message.
              </Trans>
            </p>
          </div>
        )}
      </fieldset>
      {!later && (
        <p>
          <Trans>
            The mails go out one after the other. You see the progress on the next page, and you can leave it at any
            time: sending goes on.
          </Trans>
        </p>
      )}
      {demoTo && (
        <p className="rounded-lg bg-secondary-100 p-3 text-secondary-700">
          <Trans>This is a demo: every mail goes to you ({demoTo}), with the recipient named in the text.</Trans>
        </p>
      )}
    </ConfirmDialog>
  );
}
