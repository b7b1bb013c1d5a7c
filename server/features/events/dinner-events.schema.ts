// Isomorphic: what the dinner's live stream sends, read by the server and the client.

import type { ActivityTypeName } from '../activities/activities.schema.js';

/** The event types on /sse/runningdinnerservice/v1/runningdinner/:adminId/events. */
export const DinnerEvent = { activity: 'activity', participants: 'participants' } as const;
export type DinnerEventType = (typeof DinnerEvent)[keyof typeof DinnerEvent];

/** Ids and kinds only: the client asks the REST calls for what changed. */
export interface DinnerEventData {
  activity: { activityId: string; type: ActivityTypeName };
  participants: { change: 'REGISTERED' | 'CONFIRMED'; participantIds: string[] };
}
