import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ParticipantListItem } from '@server/features/participants/participants.schema';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/form';
import { addressLine, fullName, matchesSearch } from './format';

/** Picks the participant to trade places with: a searchable list of everyone else who is confirmed. */
export function SwapDialog({
  participant,
  candidates,
  waitingIds,
  onPick,
  onClose,
}: {
  participant: ParticipantListItem | null;
  candidates: readonly ParticipantListItem[];
  waitingIds: ReadonlySet<string>;
  onPick: (other: ParticipantListItem) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const name = participant ? fullName(participant) : '';
  const others = candidates.filter((c) => c.id !== participant?.id && matchesSearch(c, query));
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <Dialog open={participant !== null} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="flex max-h-[85vh] w-full max-w-lg flex-col rounded-xl bg-white shadow-xl" data-testid="swap-dialog">
          <div className="border-b border-gray-100 p-6 pb-4">
            <DialogTitle className="text-lg font-semibold text-gray-900">
              <Trans>Swap {name} with…</Trans>
            </DialogTitle>
            <p className="mt-1 text-sm text-gray-600">
              <Trans>The two trade their places and numbers. Whoever lands after the last complete block of teams waits.</Trans>
            </p>
            <label htmlFor={searchId} className="mt-4 mb-1 block text-sm font-medium text-gray-800">
              <Trans>Search</Trans>
            </label>
            <input
              id={searchId}
              type="search"
              autoFocus
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t`Name, e-mail or address`}
              className={`${inputClass} border-gray-300 focus:border-primary-600 focus:ring-primary-500/30`}
            />
          </div>
          <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto px-2 py-2" aria-label={t`Participants`}>
            {others.length === 0 && (
              <li className="px-4 py-3 text-sm text-gray-600">
                <Trans>Nobody matches your search.</Trans>
              </li>
            )}
            {others.map((other) => (
              <li key={other.id}>
                <button
                  type="button"
                  onClick={() => {
                    setQuery('');
                    onPick(other);
                  }}
                  className="flex w-full items-baseline gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-primary-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
                >
                  <span className="w-8 shrink-0 text-right text-sm tabular-nums text-gray-600">{other.participantNumber}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-gray-900">{fullName(other)}</span>
                    <span className="block truncate text-xs text-gray-600">{addressLine(other) || other.email}</span>
                  </span>
                  {waitingIds.has(other.id) && (
                    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      <Trans>waiting</Trans>
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <div className="flex justify-end border-t border-gray-100 p-4">
            <Button variant="secondary" onClick={close}>
              <Trans>Back</Trans>
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
