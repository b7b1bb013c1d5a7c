import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { formatRelative, formatTimestamp } from './dateFormat';

/** "3 minutes ago", with the exact moment on hover and for machines. */
export function RelativeTime({ at, className, children }: { at: string; className?: string; children?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <time dateTime={at} title={formatTimestamp(at)} className={className}>
      {children}
      {formatRelative(at, i18n.locale)}
    </time>
  );
}
