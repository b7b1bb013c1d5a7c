import type { ReactNode } from 'react';
import { Link } from 'wouter';

const linkClass = {
  always: 'mb-4 inline-block text-sm font-semibold text-primary-700 underline underline-offset-2',
  hover:
    'mb-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline',
};

/** "← All teams": the way from a detail page back to its list. */
export function BackLink({
  href,
  testId,
  underline = 'always',
  children,
}: {
  href: string;
  testId: string;
  underline?: keyof typeof linkClass;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={linkClass[underline]} data-testid={testId}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
