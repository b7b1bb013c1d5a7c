import type { ReactNode } from 'react';

interface PageMessageProps {
  /** Classes of the box: a card, or centred on the page. */
  className: string;
  testId?: string;
  title: ReactNode;
  /** Extra classes of the heading, e.g. a larger size on wide screens. */
  titleClassName?: string;
  /** The explanation below the heading. */
  children: ReactNode;
  /** Ways on, below the explanation. */
  actions?: ReactNode;
}

/** All a page has to say when it cannot show what was asked for (a wrong or outdated link): a heading, why, and maybe ways on. */
export function PageMessage({ className, testId, title, titleClassName = '', children, actions }: PageMessageProps) {
  return (
    <div className={className} data-testid={testId}>
      <h1 className={`text-2xl font-bold text-gray-900 ${titleClassName}`}>{title}</h1>
      <p className="mt-4 leading-relaxed text-gray-700">{children}</p>
      {actions}
    </div>
  );
}
