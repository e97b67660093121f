// Staff export a training group's report cards for a semester as PDFs in one zip (issue #12): a tracked run, the
// students its items, a batch of PDFs per activity, then the zip stored through the core's files.
import { proxyActivities } from '@temporalio/workflow';
import { trackProgress } from '../progress.js';
import type { MarksActivities, ReportCardPart, ReportCardsRun, ReportCardsZip } from '@alterna/marks/workflow-contract';

const { marksReportCardStudents, marksRenderReportCards, marksZipReportCards, marksRemoveReportCardParts } = proxyActivities<MarksActivities>({
  startToCloseTimeout: '5m',
  retry: { maximumAttempts: 5 },
});

/** PDFs per activity: a failure retries one batch, and the history stays small (a group is at most a few hundred). */
const batchSize = 20;

/** `marks.reportCards`. */
export async function marksReportCardsZip(run: ReportCardsRun): Promise<ReportCardsZip> {
  const students = await marksReportCardStudents(run);
  const progress = trackProgress(students);
  const parts: ReportCardPart[] = [];
  for (let i = 0; i < students.length; i += batchSize) {
    const batch = students.slice(i, i + batchSize);
    for (const student of batch) progress.set(student.key, 'running');
    parts.push(...(await marksRenderReportCards(run, batch.map((student) => student.key))));
    for (const student of batch) progress.set(student.key, 'done');
  }
  const zip = await marksZipReportCards(run, parts);
  // Removed only once the zip is stored: a retried zip step still finds its parts.
  await marksRemoveReportCardParts(parts);
  return zip;
}
