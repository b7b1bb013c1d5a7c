// Isomorphic: what the dinner's live stream sends, read by the server and the client.

import type { ActivityTypeName } from './activities.js';
import type { GeocodingProgress } from './geocoding.js';
import type { OptimizationStatus } from './route-optimization.js';

/** The event types on /sse/runningdinnerservice/v1/runningdinner/:adminId/events. */
export const DinnerEvent = {
  activity: 'activity',
  participants: 'participants',
  geocoding: 'geocoding',
  optimization: 'optimization',
} as const;
export type DinnerEventType = (typeof DinnerEvent)[keyof typeof DinnerEvent];

/** Ids and kinds only: the client asks the REST calls for what changed. */
export interface DinnerEventData {
  activity: { activityId: string; type: ActivityTypeName };
  participants: { change: 'REGISTERED' | 'CONFIRMED'; participantIds: string[] };
  /** How many of the participants' addresses are located, as geocoding moves on (and after a position set by hand). */
  geocoding: GeocodingProgress;
  /** A route optimisation started or moved on (also one the server started by itself). */
  optimization: { optimizationId: string; status: OptimizationStatus; automatic: boolean };
}
