// `npm run workflows:record-histories`: runs the API files that reach every product workflow, then records their
// closed runs' histories as the replay test's fixtures (support/record-histories.ts; README "Workflow versioning").
// Files run one at a time; a file list after the command narrows it (`-- tests/api/files/expiry.test.ts`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { fixRunClock } from './support/clock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
fixRunClock();

/** One file or more per workflow of workflows/src/workflows.ts. */
export const recordedFiles = [
  'tests/api/attendance/alerts.test.ts', // attendance.alerts
  'tests/api/attendance/unclosed.test.ts', // attendance.unclosedReminders
  'tests/api/booklets/validation.test.ts', // booklets.validation, booklets.validationCancellation
  'tests/api/files/expiry.test.ts', // files.expiry
  'tests/api/hardening.test.ts', // identity.purgeLoginRecords
  'tests/api/marks/report-cards-zip.test.ts', // marks.reportCards
  'tests/api/mass-email/campaigns.test.ts', // mass-email.campaign
  'tests/api/planning/bulk-create.test.ts', // planning.bulkCreateLessons
  'tests/api/planning/bulk-edit.test.ts', // planning.bulkEditLessons, planning.undoBulkRun
  'tests/api/profile-changes/requests.test.ts', // profile-changes.transition
  'tests/api/workflow-paging.test.ts', // news.unusedUploads; attendance.alerts and files.expiry continued as new
];

export default defineConfig({
  test: {
    root,
    name: 'record-histories',
    setupFiles: ['tests/support/clock-setup.ts'],
    include: recordedFiles,
    // Torn down in reverse order: the recorder reads the dev server before global-setup.ts stops it.
    globalSetup: ['tests/support/global-setup.ts', 'tests/support/record-histories.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
