import type { ReactNode } from 'react';
import { Card } from './Card';
import { ErrorScreen } from './ErrorScreen';
import { RetryLine } from './RetryLine';

interface LoadedProps<T, E extends Error> {
  data: T | undefined;
  error: E | undefined;
  /** The failure line's text, e.g. what could not be loaded followed by the error's message. */
  failure: (error: E) => string;
  onRetry: () => void;
  /**
   * Where the failure shows: on its own line (inside a card), in a 'card' of its own (a page's content), or as the
   * 'screen' that also names whom to write to (the data a whole page or area stands on).
   */
  frame?: 'line' | 'card' | 'screen';
  /** A failed revalidation keeps what was loaded before on screen; without it the failure replaces it. */
  keepData?: boolean;
  /** Shown while the data loads, in the shape of what comes. */
  loading: ReactNode;
  /** Shown instead of the content when the loaded data has nothing to show; false while it has. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The shell around fetched data: its failure with a retry, its loading placeholder, its empty state, or the content. */
export function Loaded<T, E extends Error>({
  data,
  error,
  failure,
  onRetry,
  frame = 'line',
  keepData = false,
  loading,
  empty,
  children,
}: LoadedProps<T, E>) {
  if (error && (!keepData || data === undefined)) {
    if (frame === 'screen') return <ErrorScreen message={failure(error)} onRetry={onRetry} />;
    const line = <RetryLine message={failure(error)} onRetry={onRetry} />;
    return frame === 'card' ? <Card>{line}</Card> : line;
  }
  if (data === undefined) return loading;
  return empty || children(data);
}
