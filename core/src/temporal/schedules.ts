import { ScheduleAlreadyRunning, type Client, type ScheduleOptions } from '@temporalio/client';

/** A Temporal Schedule a module wants (e.g. the daily file-expiry run). */
export interface ScheduleDeclaration {
  /** Stable id: the schedule is created once and updated in place afterwards. */
  id: string;
  workflowType: string;
  /** Cron expression in UTC, e.g. '0 3 * * *'. */
  cron: string;
  args?: unknown[];
}

/** Creates each declared schedule, or brings an existing one to the declared spec; safe at every start. */
export async function ensureSchedules(client: Client, taskQueue: string, declarations: ScheduleDeclaration[]): Promise<void> {
  for (const declaration of declarations) {
    const options: ScheduleOptions = {
      scheduleId: declaration.id,
      spec: { cronExpressions: [declaration.cron] },
      action: { type: 'startWorkflow', workflowType: declaration.workflowType, taskQueue, args: declaration.args ?? [], workflowId: `schedule:${declaration.id}` },
    };
    try {
      await client.schedule.create(options);
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      await client.schedule.getHandle(declaration.id).update((previous) => ({ ...previous, spec: options.spec, action: options.action }));
    }
  }
}
