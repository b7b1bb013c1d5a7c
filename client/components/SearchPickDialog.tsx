import { DialogTitle } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { Button } from './Button';
import { inputClass } from './form';
import { Modal } from './Modal';

export interface SearchPickOption {
  id: string;
  /** What the option is called, e.g. a name or "Team 4". */
  label: string;
  /** A second line: an address, the team and meal of a member, the members of a team. */
  detail?: ReactNode;
  /** A narrow column before the label, e.g. the participant number. */
  leading?: ReactNode;
  /** A small pill after the label, e.g. "waiting". */
  badge?: ReactNode;
  /** What the search looks through besides the label: the words the detail shows. Case and accents do not matter. */
  searchText: string;
  /** Why the option cannot be picked: it stays in the list, shown and read out with this reason. */
  disabledReason?: ReactNode;
}

interface SearchPickDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  searchPlaceholder: string;
  options: readonly SearchPickOption[];
  /** Shown instead of the list when the search matches nothing. */
  emptyText: ReactNode;
  /** Accessible name of the list. */
  listLabel?: string;
  /** data-testid of the dialog panel. */
  testId: string;
  /** data-testid of each option button. */
  optionTestId?: string;
  onPick: (id: string) => void;
  onClose: () => void;
}

const optionClass =
  'rounded-lg px-3 py-2.5 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500';

/** Lower case without accents, so that "muller" finds "Müller". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Every word of the query is in the label or the search text. */
const matches = (option: SearchPickOption, query: string) => {
  const haystack = folded(`${option.label} ${option.searchText}`);
  return folded(query)
    .split(/\s+/)
    .every((word) => haystack.includes(word));
};

/**
 * Picks one of a list (swap partner, team to swap with, who joins a team): a search box over a scrolling list of buttons, by keyboard too.
 * Options with a leading column or a badge are laid out as one-line rows (label and detail truncated); otherwise the detail may wrap.
 */
export function SearchPickDialog({
  open,
  title,
  description,
  searchPlaceholder,
  options,
  emptyText,
  listLabel,
  testId,
  optionTestId,
  onPick,
  onClose,
}: SearchPickDialogProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const reasonId = useId();
  const shown = options.filter((o) => matches(o, query));
  const columns = options.some((o) => o.leading !== undefined || o.badge !== undefined);
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <Modal open={open} onClose={close} className="flex max-h-[85vh] max-w-lg flex-col" testId={testId}>
      <div className="border-b border-gray-100 p-6 pb-4">
        <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
        <p className="mt-1 text-sm text-gray-600">{description}</p>
        <label htmlFor={searchId} className="mt-4 mb-1 block text-sm font-medium text-gray-800">
          <Trans>Search</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the dialog opens to search; focus belongs in its search field
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={searchPlaceholder}
          className={`${inputClass} border-gray-300 focus:border-primary-600 focus:ring-primary-500/30`}
        />
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto px-2 py-2" aria-label={listLabel}>
        {shown.length === 0 && <li className="px-4 py-3 text-sm text-gray-600">{emptyText}</li>}
        {shown.map((option) => {
          const disabled = option.disabledReason !== undefined;
          return (
            <li key={option.id}>
              <button
                type="button"
                data-testid={optionTestId}
                // Still focusable, so that the keyboard and screen readers reach the reason.
                aria-disabled={disabled || undefined}
                aria-describedby={disabled ? `${reasonId}-${option.id}` : undefined}
                onClick={() => {
                  if (disabled) return;
                  setQuery('');
                  onPick(option.id);
                }}
                className={`${columns ? 'flex w-full items-baseline gap-3' : 'block w-full'} ${optionClass} ${disabled ? 'cursor-not-allowed bg-gray-50' : 'hover:bg-primary-50'}`}
              >
                {columns ? (
                  <>
                    <span className="w-8 shrink-0 text-right text-sm tabular-nums text-gray-600">{option.leading}</span>
                    <span className="min-w-0 flex-1">
                      <OptionLabel option={option} />
                      <span className="block truncate text-xs text-gray-600">{option.detail}</span>
                      <DisabledReason option={option} id={`${reasonId}-${option.id}`} />
                    </span>
                    {option.badge !== undefined && (
                      <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        {option.badge}
                      </span>
                    )}
                  </>
                ) : (
                  <>
                    <OptionLabel option={option} />
                    {option.detail && <span className="block text-xs text-gray-600">{option.detail}</span>}
                    <DisabledReason option={option} id={`${reasonId}-${option.id}`} />
                  </>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end border-t border-gray-100 p-4">
        <Button variant="secondary" onClick={close}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </Modal>
  );
}

function OptionLabel({ option }: { option: SearchPickOption }) {
  const colour = option.disabledReason === undefined ? 'text-gray-900' : 'text-gray-600';
  return <span className={`block truncate text-sm font-medium ${colour}`}>{option.label}</span>;
}

function DisabledReason({ option, id }: { option: SearchPickOption; id: string }) {
  if (option.disabledReason === undefined) return null;
  return (
    <span id={id} className="mt-1 block text-xs font-medium text-amber-900" data-testid="pick-option-reason">
      {option.disabledReason}
    </span>
  );
}
