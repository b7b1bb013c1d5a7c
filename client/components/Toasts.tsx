import { useLingui } from '@lingui/react/macro';
import { type ToastKind, useToasts } from '../lib/toasts';

const kindClass: Record<ToastKind, string> = {
  success: 'bg-primary-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-gray-800 text-white',
};

export function Toasts() {
  const { t } = useLingui();
  const { toasts, dismiss } = useToasts();
  const render = (placement: 'toast' | 'snackbar') =>
    toasts
      .filter((x) => x.placement === placement)
      .map((x) => (
        <div
          key={x.id}
          role={x.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${kindClass[x.kind]}`}
        >
          <span className="flex-1 text-sm">{x.text}</span>
          <button
            type="button"
            onClick={() => dismiss(x.id)}
            aria-label={t`Close`}
            className="text-white/80 hover:text-white"
          >
            ×
          </button>
        </div>
      ));
  return (
    <>
      <div
        className="pointer-events-none fixed inset-x-0 top-4 z-50 mx-auto flex w-full max-w-md flex-col gap-2 px-4"
        data-testid="toasts"
      >
        {render('toast')}
      </div>
      <div
        className="pointer-events-none fixed bottom-4 left-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2"
        data-testid="snackbar"
      >
        {render('snackbar')}
      </div>
    </>
  );
}
