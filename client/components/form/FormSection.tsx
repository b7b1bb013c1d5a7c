import type { ReactNode } from 'react';

/** A card that groups related fields under a heading, with an optional explanation. */
export function FormSection({
  title,
  description,
  children,
  className = '',
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      {title && <h2 className="text-lg font-semibold text-gray-900">{title}</h2>}
      {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      <div className={`space-y-5 ${title || description ? 'mt-5' : ''}`}>{children}</div>
    </section>
  );
}
