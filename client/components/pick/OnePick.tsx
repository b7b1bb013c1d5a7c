import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../Button';
import { PickFrame } from './PickFrame';
import { matches, type PickOption } from './pickOption';
import type { OnePickProps } from './pickProps';

const optionClass =
  'rounded-lg px-3 py-2.5 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500';

/**
 * Picks one of a list (swap partner, team to swap with, who joins a team): a search box over a scrolling list of buttons, by keyboard too.
 * Options with a leading column or a badge are laid out as one-line rows (label and detail truncated); otherwise the detail may wrap.
 */
export function OnePick({ options, optionTestId, onPick, onClose, ...frame }: OnePickProps) {
  const [query, setQuery] = useState('');
  const reasonId = useId();
  const shown = options.filter((o) => matches(o, query));
  const columns = options.some((o) => o.leading !== undefined || o.badge !== undefined);
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <PickFrame
      {...frame}
      query={query}
      onQuery={setQuery}
      nothingShown={shown.length === 0}
      onClose={close}
      footer={
        <div className="flex justify-end border-t border-gray-100 p-4">
          <Button variant="secondary" onClick={close}>
            <Trans>Back</Trans>
          </Button>
        </div>
      }
    >
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
    </PickFrame>
  );
}

function OptionLabel({ option }: { option: PickOption }) {
  const colour = option.disabledReason === undefined ? 'text-gray-900' : 'text-gray-600';
  return <span className={`block truncate text-sm font-medium ${colour}`}>{option.label}</span>;
}

function DisabledReason({ option, id }: { option: PickOption; id: string }) {
  if (option.disabledReason === undefined) return null;
  return (
    <span id={id} className="mt-1 block text-xs font-medium text-amber-900" data-testid="pick-option-reason">
      {option.disabledReason}
    </span>
  );
}
