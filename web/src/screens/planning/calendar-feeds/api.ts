/** The live iCal feed routes of the planning module: the actor's own feed and a room's feed. */
import { requestJson } from '../../../shared/http';

export interface CalendarFeedStatus {
  kind: 'teacher' | 'student' | 'room';
  active: boolean;
  createdAt: string | null;
}

export const myFeedPath = '/api/planning/my-calendar-feed';
export const roomFeedPath = (roomId: string) => `/api/planning/rooms/${encodeURIComponent(roomId)}/calendar-feed`;

export const loadFeed = (path: string) => requestJson<{ feed: CalendarFeedStatus }>('GET', path);
/** A new URL (the previous one stops working); the server keeps only its hash, so it is shown now or never. */
export const renewFeed = (path: string) => requestJson<{ url: string; feed: CalendarFeedStatus }>('POST', path, {});
export const revokeFeed = (path: string) => requestJson<{ feed: CalendarFeedStatus }>('DELETE', path);
