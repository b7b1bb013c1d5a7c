import type { RunningDinner } from '@contract/dinner';
import { titleMatches } from '@contract/event-deletion';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAction } from '../../../components/useAction';
import { adminPath, api } from '../../../lib/api';
import { TypeTheTitle } from './TypeTheTitle';

/** Deleting is irreversible and takes every person's data with it: the dialog says so and wants the title typed. */
export function DeleteNow({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const { run } = useAction();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const title = dinner.basicDetails.title;
  const count = dinner.participantCount;
  const exportUrl = `/rest/participantservice/v1/runningdinner/${dinner.adminId}/participants/export?format=csv`;

  const remove = () =>
    run(async () => {
      await api.delete(adminPath(dinner.adminId, '/data'), { title: typed });
      setOpen(false);
      navigate('/', { replace: true });
    }, t`The running dinner was deleted with all its data.`);

  return (
    <section className="rounded-xl border border-red-200 bg-white p-5 shadow-sm sm:p-6" data-testid="delete-now">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-gray-700">
          <p className="font-semibold text-gray-900">
            <Trans>Delete the running dinner now</Trans>
          </p>
          <p className="mt-1">
            <Trans>
              Otherwise it is deleted by itself some days after it took place, and you get a mail two days before.
            </Trans>
          </p>
        </div>
        <Button
          variant="danger"
          className="shrink-0"
          onClick={() => {
            setTyped('');
            setOpen(true);
          }}
        >
          <Trans>Delete now…</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        danger
        title={<Trans>Delete “{title}” now?</Trans>}
        confirmLabel={<Trans>Delete for good</Trans>}
        confirmDisabled={!titleMatches(typed, title)}
        onClose={() => setOpen(false)}
        onConfirm={remove}
      >
        <p>
          {count > 0 ? (
            <Trans>
              <strong>{count} participants</strong> with their addresses, the teams, the routes and every mail are
              deleted at once.
            </Trans>
          ) : (
            <Trans>The event and every mail of it are deleted at once.</Trans>
          )}{' '}
          <Trans>
            Every link to it stops working: the administration, the public page and the participants’ personal pages.
            Only the number of participants, teams and meals is kept, for statistics. This cannot be undone.
          </Trans>
        </p>
        {count > 0 && (
          <p>
            <a href={exportUrl} download className="font-medium text-red-800 underline" data-testid="delete-export">
              <Trans>Download the participant list (CSV) first</Trans>
            </a>
          </p>
        )}
        <TypeTheTitle title={title} typed={typed} onChange={setTyped} testId="delete-title-input" />
      </ConfirmDialog>
    </section>
  );
}
