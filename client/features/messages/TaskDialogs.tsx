import { MAX_RESENDS, type MessageTask, type ResendTask, resendTaskSchema } from '@contract/messages';
import { validate } from '@domain/validation';
import { DialogTitle, Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField, TextField, useFieldErrors } from '../../components/form';
import { Modal } from '../../components/Modal';
import { ApiError, errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { useResendTask } from './hooks';
import { failureTypeLabel } from './labels';

/** Sends one task again, to the address as it is or a corrected one, optionally with a corrected text. */
export function ResendDialog({
  jobId,
  task,
  onClose,
}: {
  jobId: string;
  task: MessageTask | null;
  onClose: () => void;
}) {
  return (
    <Modal open={task !== null} onClose={onClose} className="max-w-xl p-6" testId="resend-dialog">
      {task && <ResendForm key={task.id} jobId={jobId} task={task} onClose={onClose} />}
    </Modal>
  );
}

function ResendForm({ jobId, task, onClose }: { jobId: string; task: MessageTask; onClose: () => void }) {
  const { t } = useLingui();
  const resend = useResendTask(jobId);
  const [email, setEmail] = useState(task.recipientEmail);
  const [content, setContent] = useState(task.content);
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFieldErrors();
  const { failureType, failureMessage } = task.sendingResult;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const request: ResendTask = {};
    if (email.trim() !== task.recipientEmail) request.recipientEmail = email;
    if (content !== task.content) request.content = content;
    const checked = validate(resendTaskSchema, request);
    if (!checked.ok) {
      show(checked.issues);
      return;
    }
    setBusy(true);
    try {
      const sent = await resend(task.id, checked.value);
      snackbar(t`The mail to ${sent.recipientEmail} is on its way again.`);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 406 && err.issues.length > 0) show(err.issues);
      else toast(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogTitle className="text-lg font-semibold text-gray-900">
        <Trans>Send this mail again</Trans>
      </DialogTitle>
      {failureType && (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{failureTypeLabel[failureType]}</p>
          {failureMessage && <p className="mt-1 font-mono text-xs break-words">{failureMessage}</p>}
        </div>
      )}
      <div className="mt-4 space-y-4">
        <TextField
          name="recipientEmail"
          type="email"
          label={<Trans>E-mail address</Trans>}
          value={email}
          onChange={(value) => {
            setEmail(value);
            clear('recipientEmail');
          }}
          error={errors.recipientEmail}
          hint={
            <Trans>Correct a mistyped address: it becomes the participant's address, and the mail goes there.</Trans>
          }
          required
          autoComplete="off"
          data-testid="resend-email"
        />
        <Disclosure>
          <DisclosureButton className="group flex items-center gap-1 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500">
            <span aria-hidden="true" className="inline-block transition-transform group-data-[open]:rotate-90">
              ›
            </span>
            <Trans>Change the text too</Trans>
          </DisclosureButton>
          <DisclosurePanel>
            <TextAreaField
              name="content"
              label={<Trans>Text of the mail</Trans>}
              value={content}
              onChange={(value) => {
                setContent(value);
                clear('content');
              }}
              error={errors.content}
              rows={10}
              className="mt-3"
            />
          </DisclosurePanel>
        </Disclosure>
      </div>
      <p className="mt-4 text-sm text-gray-600" data-testid="resends-left">
        <Plural
          value={MAX_RESENDS - task.resendCount}
          one="This mail can be sent again once more."
          other="This mail can be sent again # more times."
        />
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" disabled={busy} data-testid="resend-submit">
          {busy ? <Trans>Sending…</Trans> : <Trans>Send again</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** The mail of one task as it went out (or will). */
export function TaskMailDialog({
  task,
  onClose,
  onResend,
}: {
  task: MessageTask | null;
  onClose: () => void;
  onResend: (task: MessageTask) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      open={task !== null}
      onClose={onClose}
      className="flex max-h-[85vh] max-w-2xl flex-col"
      testId="task-mail-dialog"
    >
      {task && (
        <>
          <div className="border-b border-gray-100 p-6 pb-4">
            <DialogTitle className="text-lg font-semibold break-words text-gray-900">{task.subject}</DialogTitle>
            <p className="mt-1 text-sm break-all text-gray-600">
              <Trans>To {task.recipientEmail}</Trans>
            </p>
          </div>
          <section
            className="min-h-0 flex-1 overflow-y-auto p-6 text-sm leading-relaxed break-words whitespace-pre-wrap text-gray-900"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            aria-label={t`Text of the mail`}
          >
            {task.content}
          </section>
          <div className="flex flex-col-reverse gap-2 border-t border-gray-100 p-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            {task.sendingStatus === 'SENDING_FINISHED' && task.resendCount < MAX_RESENDS && (
              <Button variant="secondary" onClick={() => onResend(task)} data-testid="task-mail-resend">
                <Trans>Send again…</Trans>
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
