import { Trans } from '@lingui/react/macro';

/** Shown while an area's code or a page's data loads: a bar at the top and a line that says what we wait for. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-40">
      <div className="h-1 w-full overflow-hidden bg-primary-100">
        <div className="h-full w-1/3 animate-[loading_1.2s_ease-in-out_infinite] bg-primary-600" />
      </div>
      <p className="sr-only">{label ?? <Trans>Loading…</Trans>}</p>
      <style>{'@keyframes loading{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}'}</style>
    </div>
  );
}
