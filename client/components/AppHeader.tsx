import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../features/shared/LanguageSwitcher';

const hiddenFrom = { md: 'md:hidden', lg: 'lg:hidden' };

export interface AppHeaderProps {
  className: string;
  rowClassName: string;
  /** The row's content before the language switcher: brand, title, wide-screen navigation. */
  children: ReactNode;
  /** The row's content between the language switcher and the menu button. */
  actions?: ReactNode;
  /** From this breakpoint on the phone menu and its button are hidden. */
  menuHiddenFrom: keyof typeof hiddenFrom;
  menuLabel: string;
  /** The phone menu's content; `close` folds the menu up again (e.g. after following a link). */
  menu: (close: () => void) => ReactNode;
}

/** A header row with a language switcher and, on small screens, a menu button that unfolds a navigation panel below. */
export function AppHeader({
  className,
  rowClassName,
  children,
  actions,
  menuHiddenFrom,
  menuLabel,
  menu,
}: AppHeaderProps) {
  return (
    <Disclosure as="header" className={className}>
      {({ close }) => (
        <>
          <div className={rowClassName}>
            {children}
            <LanguageSwitcher />
            {actions}
            <MenuButton className={hiddenFrom[menuHiddenFrom]} />
          </div>
          <DisclosurePanel
            as="nav"
            aria-label={menuLabel}
            className={`border-t border-gray-200 px-4 py-3 ${hiddenFrom[menuHiddenFrom]}`}
          >
            {menu(() => close())}
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}

function MenuButton({ className }: { className: string }) {
  return (
    <DisclosureButton
      className={`rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 ${className}`}
    >
      {({ open }) => (
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          <Trans>Menu</Trans>
        </span>
      )}
    </DisclosureButton>
  );
}
