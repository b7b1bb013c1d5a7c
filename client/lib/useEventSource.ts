import { useEffect, useRef, useState } from 'react';

type Handlers = Record<string, (data: unknown) => void>;

export interface LiveState {
  /** The stream is open: changes arrive as they happen. */
  live: boolean;
  /** The stream was refused again and again: `onPoll` asks for the changes instead. */
  polling: boolean;
}

const REFUSALS_BEFORE_POLLING = 3;
const DEFAULT_POLL_MS = 5_000;

/** The wait before the n-th reconnection in a row (counted from 1): 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelayMs = (attempt: number) => Math.min(1_000 * 2 ** (attempt - 1), 30_000);

interface StreamFollower {
  url: string;
  eventTypes: string[];
  handle(type: string, data: unknown): void;
  poll(): void;
  pollMs: number;
  onState(state: LiveState): void;
  openSource?: (url: string) => EventSource;
}

/**
 * Follows an event stream until the returned function is called. The browser reconnects a dropped stream by
 * itself (sending Last-Event-ID); a refused one (an error answer, readyState CLOSED) is opened anew after a
 * growing wait, and after three refusals in a row `poll` stands in for it until the stream opens again.
 */
export function followEventStream({
  url,
  eventTypes,
  handle,
  poll,
  pollMs,
  onState,
  openSource = (u) => new EventSource(u),
}: StreamFollower): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let refusals = 0;

  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = undefined;
  };

  const opened = () => {
    // A new EventSource cannot resume: what happened while it was refused is asked for once.
    if (refusals > 0) poll();
    refusals = 0;
    stopPolling();
    onState({ live: true, polling: false });
  };

  const failed = () => {
    if (source?.readyState !== source?.CLOSED) return onState({ live: false, polling: pollTimer !== undefined });
    refusals++;
    if (refusals >= REFUSALS_BEFORE_POLLING && pollTimer === undefined) pollTimer = setInterval(poll, pollMs);
    onState({ live: false, polling: pollTimer !== undefined });
    retryTimer = setTimeout(connect, retryDelayMs(refusals));
  };

  function connect() {
    source = openSource(url);
    source.onopen = opened;
    source.onerror = failed;
    for (const type of eventTypes)
      source.addEventListener(type, (event) => handle(type, JSON.parse((event as MessageEvent<string>).data)));
  }

  connect();
  return () => {
    source?.close();
    clearTimeout(retryTimer);
    stopPolling();
  };
}

/**
 * Follows the server's event stream at `url` (none while null) and hands each event's data to the handler of its
 * type. Handlers and `onPoll` feed the swr cache (`mutate`); they may change with every render.
 */
export function useEventSource(
  url: string | null,
  handlers: Handlers,
  options: { onPoll?: () => void; pollMs?: number } = {},
): LiveState {
  const [state, setState] = useState<LiveState>({ live: false, polling: false });
  const latest = useRef({ handlers, onPoll: options.onPoll });
  latest.current = { handlers, onPoll: options.onPoll };
  // The stream is opened anew only when the url or the set of event types changes, not for new handler functions.
  const eventTypes = Object.keys(handlers).sort().join(' ');
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  useEffect(() => {
    if (!url) return;
    const stop = followEventStream({
      url,
      eventTypes: eventTypes.split(' ').filter(Boolean),
      handle: (type, data) => latest.current.handlers[type]?.(data),
      poll: () => latest.current.onPoll?.(),
      pollMs,
      onState: setState,
    });
    return () => {
      stop();
      setState({ live: false, polling: false });
    };
  }, [url, eventTypes, pollMs]);

  return state;
}
