import type { ReactNode } from 'react';

export function DistanceFigure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-gray-50 p-2">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-semibold text-gray-900">{value}</dd>
    </div>
  );
}
