import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/form';

export interface PickOption {
  id: string;
  /** What the option is called, e.g. a name or "Team 4". */
  label: string;
  /** A second line: the team and meal of a member, the members of a team. */
  detail?: ReactNode;
  /** Lower-cased words the search looks through. */
  searchText: string;
}

export interface PickRequest {
  title: ReactNode;
  description: ReactNode;
  options: PickOption[];
  onPick: (id: string) => void;
}

/** Picks one of several members or teams (swap partner, team to swap the meal or number with): searchable, by keyboard. */
export function PickDialog({ request, onClose, testId }: { request: PickRequest | null; onClose: () => void; testId: string }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const shown = (request?.options ?? []).filter((o) => words.every((w) => o.searchText.includes(w)));
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <Dialog open={request !== null} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="flex max-h-[85vh] w-full max-w-lg flex-col rounded-xl bg-white shadow-xl" data-testid={testId}>
          <div className="border-b border-gray-100 p-6 pb-4">
            <DialogTitle className="text-lg font-semibold text-gray-900">{request?.title}</DialogTitle>
            <p className="mt-1 text-sm text-gray-600">{request?.description}</p>
            <label htmlFor={searchId} className="mt-4 mb-1 block text-sm font-medium text-gray-800">
              <Trans>Search</Trans>
            </label>
            <input
              id={searchId}
              type="search"
              autoFocus
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t`Name or team number`}
              className={`${inputClass} border-gray-300 focus:border-primary-600 focus:ring-primary-500/30`}
            />
          </div>
          <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto px-2 py-2">
            {shown.length === 0 && (
              <li className="px-4 py-3 text-sm text-gray-600">
                <Trans>Nothing matches your search.</Trans>
              </li>
            )}
            {shown.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  data-testid="pick-option"
                  onClick={() => {
                    setQuery('');
                    request?.onPick(option.id);
                  }}
                  className="block w-full rounded-lg px-3 py-2.5 text-left hover:bg-primary-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
                >
                  <span className="block truncate text-sm font-medium text-gray-900">{option.label}</span>
                  {option.detail && <span className="block text-xs text-gray-600">{option.detail}</span>}
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
