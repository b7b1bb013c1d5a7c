import type { MessageJob } from '@contract/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatTimestamp } from '../../../components/dateFormat';
import { useAction } from '../../../components/useAction';
import { api } from '../../../lib/api';
import { useAdminId } from '../../admin/hooks';
import { jobKey, jobsKey, messagesPath, TAB_OF_TYPE } from '../api';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the value of a datetime-local field, on this device's clock. */
function localValue(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A job that waits for its time: when it goes out, moving it, and cancelling it. */
export function ScheduledCard({ job }: { job: MessageJob }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [sendAt, setSendAt] = useState(() => localValue(job.sendAt!));
  const [cancelling, setCancelling] = useState(false);
  const { busy, run } = useAction();
  const path = messagesPath(adminId, `/messagejobs/${job.id}`);
  const at = formatTimestamp(job.sendAt);

  const move = () =>
    run(
      async () => {
        // The device's clock and the event's are one here: the instant goes with its offset.
        const moved = await api.put<MessageJob>(`${path}/schedule`, { sendAt: new Date(sendAt).toISOString() });
        await mutate(jobKey(adminId, job.id), moved, { revalidate: false });
        await mutate(jobsKey(adminId, job.messageType));
        return moved;
      },
      (moved) => t`Scheduled for ${formatTimestamp(moved.sendAt)}.`,
    );
  const cancel = async () => {
    await api.delete(path);
    await mutate(jobsKey(adminId, job.messageType));
    navigate(`/messages/${TAB_OF_TYPE[job.messageType]}`);
  };

  return (
    <Card title={<Trans>Scheduled</Trans>} className="mb-6" testId="job-scheduled">
      <p className="text-gray-900" data-testid="job-send-at">
        <Trans>Goes out on {at}.</Trans>
      </p>
      <p className="mt-1 text-sm text-gray-600">
        <Trans>
          The mails are written then, from the teams and routes as they are at that moment. Until then you can move or
          cancel it.
        </Trans>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="text-sm font-medium text-gray-900">
          <Trans>New time</Trans>
          <input
            type="datetime-local"
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm sm:w-auto"
            value={sendAt}
            onChange={(e) => setSendAt(e.target.value)}
            data-testid="job-new-send-at"
          />
        </label>
        <Button variant="secondary" disabled={busy || sendAt === ''} onClick={() => void move()}>
          <Trans>Move</Trans>
        </Button>
        <Button variant="ghost" className="sm:ml-auto" onClick={() => setCancelling(true)} data-testid="job-cancel">
          <Trans>Cancel this message…</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={cancelling}
        danger
        title={<Trans>Cancel this message?</Trans>}
        confirmLabel={<Trans>Cancel the message</Trans>}
        onClose={() => setCancelling(false)}
        onConfirm={cancel}
      >
        <p>
          <Trans>Nobody gets it. Its text is not kept; write it again to send it later.</Trans>
        </p>
      </ConfirmDialog>
    </Card>
  );
}
