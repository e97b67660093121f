// The one entry file of all product workflows: the worker bundles this file. Each is exported under its Temporal
// name, the one its module's `src/workflow-contract.ts` declares (`<module>.<workflow>`); contracts.ts checks both agree.
export { progressQuery } from './progress.js';
export { attendanceAlerts as 'attendance.alerts' } from './attendance/alerts.js';
export { attendanceUnclosedReminders as 'attendance.unclosedReminders' } from './attendance/unclosed-reminders.js';
export { bookletValidation as 'booklets.validation' } from './booklets/validation.js';
export { bookletValidationCancellation as 'booklets.validationCancellation' } from './booklets/cancellation.js';
export { filesExpiry as 'files.expiry' } from './files/expiry.js';
export { identityPurgeLoginRecords as 'identity.purgeLoginRecords' } from './identity/purge-login-records.js';
export { marksReportCardsZip as 'marks.reportCards' } from './marks/report-cards-zip.js';
export { massEmailCampaign as 'mass-email.campaign' } from './mass-email/campaign.js';
export { newsUnusedUploads as 'news.unusedUploads' } from './news/unused-uploads.js';
export { bulkCreateLessons as 'planning.bulkCreateLessons' } from './planning/bulk-create-lessons.js';
export { bulkEditLessons as 'planning.bulkEditLessons' } from './planning/bulk-edit-lessons.js';
export { undoBulkRun as 'planning.undoBulkRun' } from './planning/undo-bulk-run.js';
export { profileChangeTransition as 'profile-changes.transition' } from './profile-changes/transition.js';
