import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../features/shared/LanguageSwitcher';

/** The site's name, leading to the home page with a full page load (from areas that are nested routes). */
export function HomeLink({ className }: { className: string }) {
  return (
    <a href="/" className={className}>
      <Trans>Running Dinner</Trans>
    </a>
  );
}

interface MinimalLayoutProps {
  /** Classes of the whole page. */
  className: string;
  /** Classes of the header's row: width and spacing. */
  rowClassName: string;
  /** The header's content before the language switcher: usually a HomeLink. */
  brand: ReactNode;
  /** The page below the header (its <main>). */
  children: ReactNode;
}

/** A page without navigation: a slim header with the site's name and the language switcher. */
export function MinimalLayout({ className, rowClassName, brand, children }: MinimalLayoutProps) {
  return (
    <div className={className}>
      <header className="border-b border-gray-200 bg-white">
        <div className={rowClassName}>
          {brand}
          <LanguageSwitcher />
        </div>
      </header>
      {children}
    </div>
  );
}
