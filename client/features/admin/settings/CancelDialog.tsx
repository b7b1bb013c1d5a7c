import { type CancelDraft, type CancelPreview, type CancelResult, cancelSchema } from '@contract/cancel';
import type { RunningDinner } from '@contract/dinner';
import { validate } from '@domain/validation';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CheckboxField, errorsFromIssues, type FieldErrors, TextAreaField, TextField } from '../../../components/form';
import { useAction } from '../../../components/useAction';
import { adminPath, api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toasts';
import { useAdminId } from '../hooks';
import { TypeTheTitle } from './TypeTheTitle';

const FIRSTNAME = '{firstname}';
const LASTNAME = '{lastname}';

/**
 * Cancelling is irreversible: the dialog names what happens (who is mailed, or why nobody is), takes the message to
 * everyone registered (a default from the server in the event's language, with a preview), offers the refunds of paid
 * registrations, and wants the title typed.
 */
export function CancelDialog({ dinner, open, onClose }: { dinner: RunningDinner; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const { run } = useAction();
  const { data: draft } = useSWR<CancelDraft>(open ? adminPath(adminId, '/cancel') : null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [refundPaid, setRefundPaid] = useState(false);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<CancelPreview | null>(null);
  const title = dinner.basicDetails.title;

  useEffect(() => {
    if (!open || !draft) return;
    setSubject(draft.subject);
    setMessage(draft.message);
    setRefundPaid(draft.paidRegistrations > 0 && draft.refundsPossible);
    setTyped('');
    setErrors({});
    setPreview(null);
  }, [open, draft]);

  const checked = () => {
    const result = validate(cancelSchema, { subject, message, refundPaid });
    setErrors(result.ok ? {} : errorsFromIssues(result.issues));
    return result.ok;
  };

  const showPreview = async () => {
    if (!checked()) return;
    try {
      setPreview(await api.put<CancelPreview>(adminPath(adminId, '/cancel/preview'), { subject, message }));
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };

  const cancel = () => {
    if (!checked()) return undefined;
    return run(
      async () => {
        const result = await api.put<CancelResult>(adminPath(adminId, '/cancel'), { subject, message, refundPaid });
        await mutate(adminPath(adminId), result.runningDinner, { revalidate: false });
        void mutate(adminPath(adminId, '/activities'));
        onClose();
        return result;
      },
      ({ messagingLocked, mailsQueued: count }) =>
        messagingLocked || count === 0
          ? t`The running dinner was cancelled. No mail went out.`
          : t`The running dinner was cancelled. ${count} mails are on their way.`,
    );
  };

  const locked = draft?.messagingLocked ?? false;
  const recipients = draft?.recipients ?? 0;
  const paid = draft?.paidRegistrations ?? 0;
  return (
    <ConfirmDialog
      open={open}
      danger
      title={<Trans>Cancel “{title}”?</Trans>}
      confirmLabel={<Trans>Cancel for good</Trans>}
      confirmDisabled={!draft || typed.trim() !== title.trim()}
      onClose={onClose}
      onConfirm={cancel}
    >
      <p data-testid="cancel-consequence">
        {locked ? (
          <Trans>
            <strong>No mail goes out:</strong> you have not confirmed your e-mail address yet, so messages are locked.
            Your message is shown on the participants’ personal pages; please also tell them yourself.
          </Trans>
        ) : recipients > 0 ? (
          <Trans>
            Your message goes by mail to <strong>{recipients} people registered</strong> (confirmed participants and the
            waiting list), and their personal pages show it. Whoever got their dinner route also gets its calendar
            entries cancelled.
          </Trans>
        ) : (
          <Trans>Nobody has registered yet, so no mail goes out.</Trans>
        )}
      </p>
      <p>
        <Trans>
          The running dinner becomes read-only at once, and two days later it is deleted with all participants and
          mails. This cannot be undone.
        </Trans>
      </p>
      <TextField
        name="subject"
        label={<Trans>Subject</Trans>}
        value={subject}
        onChange={setSubject}
        error={errors.subject}
        required
      />
      <TextAreaField
        name="message"
        label={<Trans>Message to everyone registered</Trans>}
        hint={
          <Trans>
            {FIRSTNAME} and {LASTNAME} are replaced by each reader’s name.
          </Trans>
        }
        value={message}
        onChange={(value) => {
          setMessage(value);
          setPreview(null);
        }}
        error={errors.message}
        rows={7}
        required
      />
      <div>
        <Button variant="secondary" onClick={() => void showPreview()} data-testid="cancel-preview-button">
          <Trans>Preview</Trans>
        </Button>
        {preview && (
          <div className="mt-2 rounded-lg border border-gray-200 bg-gray-50 p-3" data-testid="cancel-preview">
            <p className="font-semibold text-gray-900">{preview.subject}</p>
            <p className="mt-2 text-xs whitespace-pre-wrap text-gray-700">{preview.message}</p>
          </div>
        )}
      </div>
      {paid > 0 && (
        <CheckboxField
          name="refundPaid"
          label={<Trans>Refund the {paid} paid registrations</Trans>}
          hint={
            draft?.refundsPossible ? undefined : (
              <Trans>This server has no payment provider configured, so refunds are not possible here.</Trans>
            )
          }
          checked={refundPaid}
          disabled={!draft?.refundsPossible}
          onChange={setRefundPaid}
        />
      )}
      <TypeTheTitle title={title} typed={typed} onChange={setTyped} testId="cancel-title-input" />
    </ConfirmDialog>
  );
}
