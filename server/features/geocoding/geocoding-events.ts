import { EventEmitter } from 'node:events';

/**
 * `queued` (told after a commit that left addresses PENDING) wakes the background loop, as the mail queue's events
 * wake the sender. One per server, built in main.ts (Deps.geocodingQueue).
 */
export type GeocodingEvents = EventEmitter<{ queued: [] }>;

export const geocodingEvents = (): GeocodingEvents => new EventEmitter();
