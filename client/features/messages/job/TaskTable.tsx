import { MAX_RESENDS, type MessageTask } from '@contract/messages';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/Button';
import { StackedTable } from '../../../components/Table';
import { useRecipients } from '../hooks';
import { failureTypeLabel, TaskStatusBadge, taskState } from '../labels';

const cell = 'md:table-cell md:px-3 md:py-3 md:align-top';

export function TaskTable({
  tasks,
  onResend,
  onRead,
}: {
  tasks: MessageTask[];
  onResend: (task: MessageTask) => void;
  onRead: (task: MessageTask) => void;
}) {
  const { t } = useLingui();
  // The tasks know the address; the names come from the recipients (someone deleted since has none).
  const { data: recipients } = useRecipients();
  const nameOf = new Map(recipients?.map((r) => [r.id, fullName(r)]));
  const columns = [
    { label: <Trans>Recipient</Trans>, className: 'w-[32%] px-3 py-2' },
    { label: <Trans>Status</Trans>, className: 'w-32 px-3 py-2' },
    { label: <Trans>Reason</Trans>, className: 'px-3 py-2' },
    { label: <span className="sr-only">{t`Actions`}</span>, className: 'w-60 px-3 py-2' },
  ];
  return (
    <StackedTable caption={t`Mails of this message`} columns={columns} className="md:table-fixed" testId="task-table">
      {tasks.map((task) => {
        const state = taskState(task);
        const { failureType, failureMessage } = task.sendingResult;
        return (
          <tr
            key={task.id}
            data-testid="task-row"
            data-task-id={task.id}
            data-status={state}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 py-3 md:table-row md:py-0 ${state === 'FAILED' ? 'bg-red-50/60' : ''}`}
          >
            <td className={`col-start-1 row-span-2 row-start-1 min-w-0 ${cell}`}>
              {task.participantId && nameOf.get(task.participantId) && (
                <span className="block font-medium break-words text-gray-900" data-testid="task-name">
                  {nameOf.get(task.participantId)}
                </span>
              )}
              <span className="block break-all text-gray-700" data-testid="task-email">
                {task.recipientEmail}
              </span>
              {task.resendCount > 0 && (
                <span className="block text-xs text-gray-600">
                  <Plural value={task.resendCount} one="sent again once" other="sent again # times" />
                </span>
              )}
            </td>
            <td className={`col-start-2 row-start-1 text-right md:text-left ${cell}`}>
              <TaskStatusBadge task={task} />
            </td>
            <td className={`col-span-2 row-start-3 min-w-0 empty:hidden md:empty:table-cell ${cell}`}>
              {failureType && (
                <span className="block text-sm font-semibold text-red-900" data-testid="task-failure-type">
                  {failureTypeLabel[failureType]}
                </span>
              )}
              {failureMessage && state !== 'FAILED' && state !== 'SENT' && (
                <span className="block text-xs text-gray-600">
                  <Trans>Last attempt failed, it is tried again:</Trans>
                </span>
              )}
              {failureMessage && state !== 'SENT' && (
                <span className="block font-mono text-xs break-words text-gray-700" data-testid="task-failure-message">
                  {failureMessage}
                </span>
              )}
            </td>
            <td className="col-start-2 row-start-2 md:table-cell md:px-3 md:py-2 md:align-top">
              <span className="flex flex-col items-end gap-1.5 md:flex-row md:flex-wrap md:justify-end md:gap-2">
                <Button
                  variant="ghost"
                  className="px-1.5 py-0.5 md:px-2 md:py-1"
                  onClick={() => onRead(task)}
                  data-testid="task-read"
                >
                  <Trans>Show mail</Trans>
                </Button>
                {state === 'FAILED' && task.resendCount < MAX_RESENDS && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    onClick={() => onResend(task)}
                    data-testid="task-resend"
                  >
                    <Trans>Send again…</Trans>
                  </Button>
                )}
              </span>
            </td>
          </tr>
        );
      })}
    </StackedTable>
  );
}
