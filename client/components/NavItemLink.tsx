import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface NavItemLinkProps {
  href: string;
  active: boolean;
  onNavigate?: () => void;
  /** Classes of the link when it is not the current page (colour and hover). */
  inactiveClassName: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A navigation entry that is highlighted and marked aria-current while its page is shown. */
export function NavItemLink({
  href,
  active,
  onNavigate,
  inactiveClassName,
  className = '',
  testId,
  children,
}: NavItemLinkProps) {
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
      className={`block rounded-lg px-3 py-2 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 ${className} ${active ? 'bg-primary-50 text-primary-800' : inactiveClassName}`}
    >
      {children}
    </Link>
  );
}
