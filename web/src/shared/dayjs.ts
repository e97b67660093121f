import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

// The web's one date library: dayjs, which Mantine's pickers need anyway; utc for calendar days and wall clocks
// written in UTC fields. Paris times come from the planning's Intl helpers (screens/planning/shared/time.ts).
dayjs.extend(utc);

export { dayjs };
