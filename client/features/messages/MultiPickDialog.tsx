import { DialogTitle } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/form';
import { Modal } from '../../components/Modal';

export interface MultiPickOption {
  id: string;
  label: string;
  /** A second line: the address, the members of a team. */
  detail?: string;
  /** A small pill after the label, e.g. "waiting list". */
  badge?: ReactNode;
  /** What the search looks through besides the label. */
  searchText: string;
}

interface MultiPickDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  searchPlaceholder: string;
  options: readonly MultiPickOption[];
  selected: readonly string[];
  testId: string;
  onApply: (ids: string[]) => void;
  onClose: () => void;
}

/** Lower case without accents, so that "muller" finds "Müller". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
const matches = (option: MultiPickOption, query: string) => {
  const haystack = folded(`${option.label} ${option.searchText}`);
  return folded(query)
    .split(/\s+/)
    .every((word) => haystack.includes(word));
};

/**
 * Picks any number of a list: a search box, "select all" for what the search shows, and a checkbox a row.
 * Nothing changes until "Apply"; "Back" and Escape leave the selection as it was.
 */
export function MultiPickDialog({
  open,
  title,
  description,
  searchPlaceholder,
  options,
  selected,
  testId,
  onApply,
  onClose,
}: MultiPickDialogProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(selected));
  const searchId = useId();
  // Starts from the selection each time the dialog opens, and only then: a re-render meanwhile keeps the ticks.
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  useEffect(() => {
    if (open) {
      setChosen(new Set(selectedRef.current));
      setQuery('');
    }
  }, [open]);

  const shown = options.filter((o) => matches(o, query));
  const allShownChosen = shown.length > 0 && shown.every((o) => chosen.has(o.id));
  const someShownChosen = shown.some((o) => chosen.has(o.id));
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleShown = () =>
    setChosen((current) => {
      const next = new Set(current);
      for (const o of shown) {
        if (allShownChosen) next.delete(o.id);
        else next.add(o.id);
      }
      return next;
    });
  const count = chosen.size;
  return (
    <Modal open={open} onClose={onClose} className="flex max-h-[85vh] max-w-lg flex-col" testId={testId}>
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
        <label className="mt-3 flex cursor-pointer items-center gap-3 text-sm font-semibold text-gray-900">
          <input
            type="checkbox"
            checked={allShownChosen}
            ref={(el) => {
              if (el) el.indeterminate = !allShownChosen && someShownChosen;
            }}
            disabled={shown.length === 0}
            onChange={toggleShown}
            data-testid="pick-all"
            className="size-5 shrink-0 rounded border-gray-300 accent-primary-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2"
          />
          {query.trim() ? <Trans>Select all {shown.length} found</Trans> : <Trans>Select all ({shown.length})</Trans>}
        </label>
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto px-2 py-2" aria-label={t`Recipients`}>
        {shown.length === 0 && (
          <li className="px-4 py-3 text-sm text-gray-600">
            <Trans>Nothing matches your search.</Trans>
          </li>
        )}
        {shown.map((option) => (
          <li key={option.id}>
            <label
              className="flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 hover:bg-primary-50"
              data-testid="pick-option"
            >
              <input
                type="checkbox"
                checked={chosen.has(option.id)}
                onChange={() => toggle(option.id)}
                className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-primary-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="min-w-0 truncate text-sm font-medium text-gray-900">{option.label}</span>
                  {option.badge && (
                    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      {option.badge}
                    </span>
                  )}
                </span>
                {option.detail && <span className="block truncate text-xs text-gray-600">{option.detail}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 border-t border-gray-100 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700" aria-live="polite" data-testid="pick-count">
          <Trans>{count} chosen</Trans>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button
            onClick={() => onApply(options.filter((o) => chosen.has(o.id)).map((o) => o.id))}
            data-testid="pick-apply"
          >
            <Trans>Apply</Trans>
          </Button>
        </div>
      </div>
    </Modal>
  );
}
