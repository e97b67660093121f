// The French catalogue, its own chunk (loaded by i18n.ts): only this language's files are in it.
import * as attendance from '@alterna/attendance/locales';
import * as booklets from '@alterna/booklets/locales';
import * as courses from '@alterna/courses/locales';
import * as files from '@alterna/files/locales';
import * as mailbox from '@alterna/mailbox/locales';
import * as marks from '@alterna/marks/locales';
import * as news from '@alterna/news/locales';
import * as people from '@alterna/people/locales';
import * as planning from '@alterna/planning/locales';
import * as profileChanges from '@alterna/profile-changes/locales';
import * as students from '@alterna/students/locales';
import * as teaching from '@alterna/teaching/locales';
import * as trainingCentre from '@alterna/training-centre/locales';
import * as trainings from '@alterna/trainings/locales';
import fr from './fr.json';
import coursesFr from './courses.fr.json';
import marksFr from './marks.fr.json';
import bookletsFr from './booklets.fr.json';
import filesFr from './files.fr.json';
import massEmailFr from './mass-email.fr.json';
import historyFr from './history.fr.json';
import planningCommonFr from './planning/common.fr.json';
import planningCalendarFr from './planning/calendar.fr.json';
import planningBulkFr from './planning/bulk.fr.json';
import planningGroupsFr from './planning/groups.fr.json';
import planningResourcesFr from './planning/resources.fr.json';
import homeFr from './home.fr.json';
import { catalogue } from './catalogues';

export default catalogue(
  {
    attendance: attendance.fr,
    booklets: booklets.fr,
    courses: courses.fr,
    files: files.fr,
    mailbox: mailbox.fr,
    marks: marks.fr,
    news: news.fr,
    people: people.fr,
    planning: planning.fr,
    profileChanges: profileChanges.fr,
    students: students.fr,
    teaching: teaching.fr,
    trainingCentre: trainingCentre.fr,
    // The shared validation schemas name their messages by module (`training-centre.campus.openDaysRequired`),
    // as the server translates them: the same catalogue answers under that name too, never a copy.
    'training-centre': trainingCentre.fr,
    trainings: trainings.fr,
  },
  [fr, coursesFr, marksFr, bookletsFr, filesFr, massEmailFr, historyFr, planningCommonFr, planningCalendarFr, planningBulkFr, planningGroupsFr, planningResourcesFr, homeFr],
);
