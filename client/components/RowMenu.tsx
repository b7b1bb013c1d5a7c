import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface RowMenuAction {
  key: string;
  label: ReactNode;
  /** A link (edit) or an action (move, swap, delete). */
  href?: string;
  onSelect?: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** Starts a group below a line. */
  separated?: boolean;
}

/** Gives the focus back to the menu inside the row `rowSelector` finds, once the page has re-rendered (a swap moves the row). */
export const focusRowMenu = (rowSelector: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`${rowSelector} [data-row-menu]`)?.focus());

const itemClass =
  'block w-full px-4 py-2 text-left text-sm data-[disabled]:cursor-not-allowed data-[disabled]:text-gray-400 data-[focus]:bg-primary-50 data-[focus]:outline-none';

/** The actions of one row in a headlessui Menu: arrow keys move, Escape closes, focus returns to the button. */
export function RowMenu({ label, actions }: { label: string; actions: RowMenuAction[] }) {
  const { t } = useLingui();
  return (
    <Menu>
      <MenuButton
        aria-label={label}
        title={t`Actions`}
        data-row-menu
        className="inline-flex size-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <circle cx="10" cy="4" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="10" cy="16" r="1.6" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-30 mt-1 w-56 rounded-lg border border-gray-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {actions.map((action) => [
          action.separated && <MenuSeparator key={`${action.key}-line`} className="my-1 h-px bg-gray-100" />,
          <MenuItem key={action.key} disabled={action.disabled}>
            {action.href ? (
              <Link href={action.href} className={`${itemClass} text-gray-900`}>
                {action.label}
              </Link>
            ) : (
              <button
                type="button"
                onClick={action.onSelect}
                className={`${itemClass} ${action.danger ? 'text-red-700' : 'text-gray-900'}`}
              >
                {action.label}
              </button>
            )}
          </MenuItem>,
        ])}
      </MenuItems>
    </Menu>
  );
}
