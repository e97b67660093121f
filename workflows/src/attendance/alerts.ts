// Started every evening by the attendance module's schedule: absences over a campus's thresholds are told to the
// coach, the company tutor and a minor's guardian, and students are asked to justify the day's absences.
import { proxyActivities } from '@temporalio/workflow';
import type { AttendanceActivities } from '@alterna/attendance/workflow-contract';

const { attendanceRaiseAlerts, attendanceSendAlerts } = proxyActivities<AttendanceActivities>({
  startToCloseTimeout: '10m',
  retry: { maximumAttempts: 5 },
});

/** Mails go out in batches: a failure retries one batch, and the history stays small. */
const batchSize = 50;

/** `attendance.alerts`. */
export async function attendanceAlerts(): Promise<{ raised: number; mailed: number }> {
  const { raised, pending } = await attendanceRaiseAlerts();
  let mailed = 0;
  for (let i = 0; i < pending.length; i += batchSize) mailed += await attendanceSendAlerts(pending.slice(i, i + batchSize));
  return { raised, mailed };
}
