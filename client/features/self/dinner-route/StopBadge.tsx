export function StopBadge({ number, className }: { number: number; className: string }) {
  return (
    <span className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${className}`}>
      {number}
    </span>
  );
}
