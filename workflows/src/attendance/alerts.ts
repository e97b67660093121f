// Started every evening by the attendance module's schedule: absences over a campus's thresholds are told to the
// coach, the company tutor and a minor's guardian, and students are asked to justify the day's absences.
import { continueAsNew, patched, proxyActivities } from '@temporalio/workflow';
import { attendanceAlertsPaging, type AttendanceActivities, type AttendanceAlertsRun } from '@alterna/attendance/workflow-contract';

const { attendanceRecordAlerts, attendanceMailAlerts, attendanceRaiseAlerts, attendanceSendAlerts } = proxyActivities<AttendanceActivities>({
  startToCloseTimeout: '10m',
  retry: { maximumAttempts: 5 },
});

/**
 * The paging (issue #28): the alerts are mailed a page per activity, which reads its page by a cursor, and the run
 * continues as new every few pages, so no list of alerts goes through the history. A run started before it goes on
 * as it began (README "Workflow versioning"): once none is open (the day after the deployment), this becomes
 * `deprecatePatch`, and the branch and the two activities it calls go.
 */
export const alertsPagingPatch = 'attendance.alerts.paging';

/** `attendance.alerts`. */
export async function attendanceAlerts(run: AttendanceAlertsRun = {}): Promise<{ raised: number; mailed: number }> {
  if (!patched(alertsPagingPatch)) return alertsBeforePaging();
  const { pageSize = attendanceAlertsPaging.pageSize, pagesPerRun = attendanceAlertsPaging.pagesPerRun } = run;
  const raised = run.raised ?? (await attendanceRecordAlerts()).raised;
  let mailed = run.mailed ?? 0;
  let after = run.after ?? null;
  for (let pages = 0; ; pages += 1) {
    if (pages === pagesPerRun) await continueAsNew<typeof attendanceAlerts>({ pageSize, pagesPerRun, raised, mailed, after });
    const page = await attendanceMailAlerts(after, pageSize);
    mailed += page.mailed;
    if (!page.next) return { raised, mailed };
    after = page.next;
  }
}

/** The run as it was before the paging: the alerts' ids through the history, mailed 50 at a time. */
async function alertsBeforePaging(): Promise<{ raised: number; mailed: number }> {
  const { raised, pending } = await attendanceRaiseAlerts();
  let mailed = 0;
  for (let i = 0; i < pending.length; i += 50) mailed += await attendanceSendAlerts(pending.slice(i, i + 50));
  return { raised, mailed };
}
