// Started every morning by the attendance module's schedule (issue #25): each teacher whose past lessons' sheets are
// not closed gets one e-mail listing them, in their language, days and times in Paris.
import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import { unclosedRemindersPaging, type AttendanceActivities, type UnclosedRemindersRun } from '@alterna/attendance/workflow-contract';

const { attendanceRemindUnclosed } = proxyActivities<AttendanceActivities>({ startToCloseTimeout: '10m', retry: { maximumAttempts: 5 } });

/** `attendance.unclosedReminders`: teachers a page per activity by an id cursor, continuing as new every few pages. */
export async function attendanceUnclosedReminders(run: UnclosedRemindersRun = {}): Promise<{ mailed: number }> {
  const { pageSize = unclosedRemindersPaging.pageSize, pagesPerRun = unclosedRemindersPaging.pagesPerRun } = run;
  let mailed = run.mailed ?? 0;
  let after = run.after ?? null;
  for (let pages = 0; ; pages += 1) {
    if (pages === pagesPerRun) await continueAsNew<typeof attendanceUnclosedReminders>({ pageSize, pagesPerRun, mailed, after });
    const page = await attendanceRemindUnclosed(after, pageSize);
    mailed += page.mailed;
    if (!page.next) return { mailed };
    after = page.next;
  }
}
