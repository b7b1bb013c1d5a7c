/** A place in a FairQueue: `granted` resolves once one of the slots is its; `leave` gives the slot (or the place in line) back. */
export interface QueuePlace {
  granted: Promise<void>;
  leave(): void;
}

export interface FairQueueOptions {
  /** Tasks that run at once (the pool's threads). */
  slots: number;
  /** Places in line beyond the running ones, over all owners. */
  maxWaiting: number;
  /** Places, running or waiting, that one owner (an event) may hold. */
  perOwner: number;
  /** The refusal when the line is full. */
  full(): Error;
  /** The refusal when the owner holds all its places. */
  ownerBusy(): Error;
}

/**
 * Heavy work waits here for a thread instead of in the pool's own line: the line is bounded (a full one refuses at
 * once), an owner holds a few places at most, and the owners take turns (round-robin), so one event's queued work
 * never starves another's.
 */
export class FairQueue {
  private running = 0;
  private waiting = 0;
  /** Each owner's waiting places in order; the map's order is the owners' turn order. */
  private readonly lines = new Map<string, (() => void)[]>();
  private readonly held = new Map<string, number>();

  constructor(private readonly options: FairQueueOptions) {}

  /**
   * Takes a place for the owner or throws the refusal; `admitted` work (already accepted elsewhere, such as a run taken
   * over from an instance that died) is never refused.
   */
  enter(owner: string, { admitted = false } = {}): QueuePlace {
    const { slots, maxWaiting, perOwner } = this.options;
    if (!admitted && (this.held.get(owner) ?? 0) >= perOwner) throw this.options.ownerBusy();
    if (!admitted && this.running >= slots && this.waiting >= maxWaiting) throw this.options.full();
    this.held.set(owner, (this.held.get(owner) ?? 0) + 1);
    let state: 'waiting' | 'running' | 'left' = 'waiting';
    let wake!: () => void;
    const granted = new Promise<void>((resolve) => {
      wake = () => {
        state = 'running';
        resolve();
      };
    });
    if (this.running < slots) {
      this.running++;
      wake();
    } else {
      this.waiting++;
      this.lines.set(owner, [...(this.lines.get(owner) ?? []), wake]);
    }
    const leave = () => {
      if (state === 'left') return;
      if (state === 'running') this.running--;
      else this.leaveLine(owner, wake);
      state = 'left';
      const rest = this.held.get(owner)! - 1;
      if (rest === 0) this.held.delete(owner);
      else this.held.set(owner, rest);
      this.dispatch();
    };
    return { granted, leave };
  }

  /** The owners of the waiting places in the order they will run, and how many run: what a test or a log may look at. */
  snapshot(): { running: number; waiting: string[] } {
    const lines = [...this.lines].map(([owner, line]) => ({ owner, left: line.length }));
    const order: string[] = [];
    while (lines.some((l) => l.left > 0)) {
      for (const line of lines.filter((l) => l.left > 0)) {
        order.push(line.owner);
        line.left--;
      }
    }
    return { running: this.running, waiting: order };
  }

  get slots(): number {
    return this.options.slots;
  }

  private leaveLine(owner: string, wake: () => void): void {
    const line = this.lines.get(owner)!.filter((w) => w !== wake);
    this.waiting--;
    if (line.length === 0) this.lines.delete(owner);
    else this.lines.set(owner, line);
  }

  /** Gives free slots to the owner whose turn it is, who then goes to the back of the turn order. */
  private dispatch(): void {
    while (this.running < this.options.slots && this.waiting > 0) {
      const [owner, [next, ...rest]] = this.lines.entries().next().value!;
      this.lines.delete(owner);
      if (rest.length > 0) this.lines.set(owner, rest);
      this.waiting--;
      this.running++;
      next();
    }
  }
}
