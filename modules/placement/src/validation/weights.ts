/**
 * The soft rules a proposal is scored on (a penalty: lower is better), each with its weight. The planner may change
 * the weights per run; a weight of 0 turns the rule off.
 */
export const softRules = [
  /** Each subject's hours spread evenly over the group's school weeks: hours away from the even share, per week. */
  'spread',
  /** At most `maxSubjectHoursPerDay` hours of one subject a day: each hour over it. */
  'dailyMax',
  /** No gaps in a group's day: free hours between its first and last lesson. */
  'groupGaps',
  /** Teachers' days compact: free hours between a teacher's first and last lesson of a day. */
  'teacherGaps',
  /** Teachers' days on one site: each extra campus a teacher goes to in a day. */
  'teacherSites',
  /** A group's day in one room: each extra room the group uses in a day. */
  'groupRooms',
  /** Stable weekly patterns: each (weekday, time slot) a subject uses beyond the fewest its hours need. */
  'pattern',
] as const;

export type SoftRule = (typeof softRules)[number];

export type SoftWeights = Record<SoftRule, number> & { maxSubjectHoursPerDay: number };

export const defaultWeights: SoftWeights = {
  spread: 1,
  dailyMax: 4,
  groupGaps: 2,
  teacherGaps: 1,
  teacherSites: 4,
  groupRooms: 1,
  pattern: 1,
  maxSubjectHoursPerDay: 4,
};
