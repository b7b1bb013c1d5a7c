import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followEventStream, type LiveState, retryDelayMs } from './useEventSource';

/** Stands in for the browser's EventSource: the test opens, refuses and sends. */
class FakeSource {
  readonly CLOSED = 2;
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: { data: string }) => void>();
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = this.CLOSED;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  refuse() {
    this.readyState = this.CLOSED;
    this.onerror?.();
  }
  send(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) });
  }
}

let sources: FakeSource[];
let states: LiveState[];
let handled: [string, unknown][];
let polls: number;

function follow() {
  return followEventStream({
    url: '/sse/x',
    eventTypes: ['activity', 'participants'],
    handle: (type, data) => handled.push([type, data]),
    poll: () => polls++,
    pollMs: 5_000,
    onState: (state) => states.push(state),
    openSource: () => {
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource;
    },
  });
}

const refuseLatest = () => sources.at(-1)?.refuse();

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  states = [];
  handled = [];
  polls = 0;
});
afterEach(() => vi.useRealTimers());

describe('following an event stream', () => {
  it('hands each event of a known type its parsed data', () => {
    follow();
    sources[0].open();
    sources[0].send('participants', { change: 'REGISTERED', participantIds: ['p1'] });
    sources[0].send('unknown', {});
    expect(states.at(-1)).toEqual({ live: true, polling: false });
    expect(handled).toEqual([['participants', { change: 'REGISTERED', participantIds: ['p1'] }]]);
  });

  it('opens a refused stream again after 1 s, 2 s, 4 s … at most 30 s', () => {
    follow();
    const waits: number[] = [];
    for (let refusal = 1; refusal <= 7; refusal++) {
      refuseLatest();
      const opened = sources.length;
      vi.advanceTimersByTime(retryDelayMs(refusal) - 1);
      expect(sources).toHaveLength(opened);
      vi.advanceTimersByTime(1);
      expect(sources).toHaveLength(opened + 1);
      waits.push(retryDelayMs(refusal));
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('leaves a dropped stream to the browser, which reconnects with Last-Event-ID', () => {
    follow();
    sources[0].open();
    sources[0].readyState = 0;
    sources[0].onerror?.();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(states.at(-1)).toEqual({ live: false, polling: false });
  });

  it('polls after three refusals in a row, and stops once the stream opens, asking once for what it missed', () => {
    follow();
    refuseLatest();
    vi.advanceTimersByTime(1_000);
    refuseLatest();
    vi.advanceTimersByTime(2_000);
    expect(states.at(-1)).toEqual({ live: false, polling: false });
    refuseLatest();
    expect(states.at(-1)).toEqual({ live: false, polling: true });

    vi.advanceTimersByTime(4_000);
    expect(polls).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(polls).toBe(1);

    sources.at(-1)?.open();
    expect(polls).toBe(2);
    expect(states.at(-1)).toEqual({ live: true, polling: false });
    vi.advanceTimersByTime(60_000);
    expect(polls).toBe(2);
  });

  it('counts refusals anew after the stream opened', () => {
    follow();
    refuseLatest();
    vi.advanceTimersByTime(1_000);
    refuseLatest();
    vi.advanceTimersByTime(2_000);
    sources.at(-1)?.open();
    refuseLatest();
    expect(states.at(-1)).toEqual({ live: false, polling: false });
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(4);
  });

  it('closes the stream and every timer when it is stopped', () => {
    const stop = follow();
    refuseLatest();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);

    const stopOpen = follow();
    sources[1].open();
    stopOpen();
    expect(sources[1].closed).toBe(true);
  });
});
