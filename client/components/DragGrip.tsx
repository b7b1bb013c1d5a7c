import type { HTMLAttributes } from 'react';

/** The grip users drag a row by; the caller passes the drag handlers, a title and layout classes. */
export function DragGrip({ className = '', ...props }: HTMLAttributes<HTMLSpanElement> & { 'data-testid'?: string }) {
  return (
    <span
      {...props}
      aria-hidden="true"
      className={`mt-0.5 h-6 w-5 cursor-grab items-center justify-center rounded text-gray-400 hover:bg-gray-100 hover:text-gray-700 active:cursor-grabbing ${className}`}
    >
      <svg viewBox="0 0 10 16" className="h-4 w-2.5 fill-current" aria-hidden="true">
        <circle cx="2" cy="2" r="1.5" />
        <circle cx="8" cy="2" r="1.5" />
        <circle cx="2" cy="8" r="1.5" />
        <circle cx="8" cy="8" r="1.5" />
        <circle cx="2" cy="14" r="1.5" />
        <circle cx="8" cy="14" r="1.5" />
      </svg>
    </span>
  );
}
