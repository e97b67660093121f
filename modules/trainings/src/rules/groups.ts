/** A training group runs within its session's dates. */
export function isOutsideSession(
  group: { startDate: string; endDate: string },
  session: { startDate: string; endDate: string },
): boolean {
  return group.startDate < session.startDate || group.endDate > session.endDate;
}
