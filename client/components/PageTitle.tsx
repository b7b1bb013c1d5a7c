import type { ReactNode } from 'react';

export function PageTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{children}</h1>
      {sub && <p className="mt-1 text-gray-600">{sub}</p>}
    </div>
  );
}
