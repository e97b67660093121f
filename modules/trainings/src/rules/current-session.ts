export { todayIn } from '@alterna/core/dates';
/** A training session as the rules need it: ISO dates, start before end. */
export interface SessionDates {
  id: string;
  startDate: string;
  endDate: string;
}

/**
 * The current session: the one containing today, else the next one to start (SPEC §7
 * GetUserTrainingSession, "current session" filters). Sessions never overlap (database constraint).
 */
export function pickCurrentSession<S extends SessionDates>(sessions: readonly S[], today: string): S | null {
  const containing = sessions.find((s) => s.startDate <= today && today <= s.endDate);
  if (containing) return containing;
  const next = sessions.filter((s) => s.startDate > today).sort((a, b) => a.startDate.localeCompare(b.startDate));
  return next[0] ?? null;
}


/** The school year containing a date: 1 September to 31 August. */
export function schoolYearOf(date: string): { name: string; startDate: string; endDate: string } {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 9 ? year : year - 1;
  return { name: `${start}-${start + 1}`, startDate: `${start}-09-01`, endDate: `${start + 1}-08-31` };
}
