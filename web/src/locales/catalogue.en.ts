// The English catalogue, its own chunk (loaded by i18n.ts): only this language's files are in it.
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
import en from './en.json';
import coursesEn from './courses.en.json';
import marksEn from './marks.en.json';
import bookletsEn from './booklets.en.json';
import filesEn from './files.en.json';
import massEmailEn from './mass-email.en.json';
import historyEn from './history.en.json';
import planningCommonEn from './planning/common.en.json';
import planningCalendarEn from './planning/calendar.en.json';
import planningBulkEn from './planning/bulk.en.json';
import planningGroupsEn from './planning/groups.en.json';
import planningResourcesEn from './planning/resources.en.json';
import homeEn from './home.en.json';
import { catalogue } from './catalogues';

export default catalogue(
  {
    attendance: attendance.en,
    booklets: booklets.en,
    courses: courses.en,
    files: files.en,
    mailbox: mailbox.en,
    marks: marks.en,
    news: news.en,
    people: people.en,
    planning: planning.en,
    profileChanges: profileChanges.en,
    students: students.en,
    teaching: teaching.en,
    trainingCentre: trainingCentre.en,
    // The shared validation schemas name their messages by module (`training-centre.campus.openDaysRequired`),
    // as the server translates them: the same catalogue answers under that name too, never a copy.
    'training-centre': trainingCentre.en,
    trainings: trainings.en,
  },
  [en, coursesEn, marksEn, bookletsEn, filesEn, massEmailEn, historyEn, planningCommonEn, planningCalendarEn, planningBulkEn, planningGroupsEn, planningResourcesEn, homeEn],
);
