import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { PickFrame } from './PickFrame';
import { matches } from './pickOption';
import type { ManyPickProps } from './pickProps';

const checkboxClass =
  'size-5 shrink-0 rounded border-gray-300 accent-primary-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2';

/**
 * Picks any number of a list: a search box, "select all" for what the search shows, and a checkbox a row.
 * Nothing changes until "Apply"; "Back" and Escape leave the selection as it was.
 */
export function ManyPick({ open, options, selected, onApply, onClose, ...frame }: ManyPickProps) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(selected));
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
    <PickFrame
      {...frame}
      open={open}
      onClose={onClose}
      query={query}
      onQuery={setQuery}
      nothingShown={shown.length === 0}
      belowSearch={
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
            className={checkboxClass}
          />
          {query.trim() ? <Trans>Select all {shown.length} found</Trans> : <Trans>Select all ({shown.length})</Trans>}
        </label>
      }
      footer={
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
      }
    >
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
              className={`mt-0.5 ${checkboxClass}`}
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
    </PickFrame>
  );
}
