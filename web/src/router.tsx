import type { ComponentType } from 'react';
import {
  createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect, type ParsedLocation, type RouteComponent,
} from '@tanstack/react-router';
import { currentLanguage } from './language';
import { homePathFor } from './navigation';
import { routeSearchOptions, searchReturnPath } from './page-search';
import { pagePath, pages, spaceHome, LOGIN_PAGE, type PageDef, type PageId } from './pages';
import { ensureSession } from './session';
import { NotFoundPage } from './screens/NotFoundPage';
import { RouteError, RoutePending } from './layout/RouteStates';
import { pageLoader } from './page-loaders';
import { refusedLoad } from './shared/refusal';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A page's screen, loaded when the page is first visited (or hovered: preload on intent), so the first load
 * carries only the login page and the layout. Each screen file becomes its own chunk with what only it uses.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazyRouteComponent(load as () => Promise<Record<string, ComponentType>>, name);
}

/** Screen of each page (pages.ts holds the paths; one component serves both languages). */
const screens: Record<PageId, RouteComponent> = {
  login: screen(() => import('./screens/LoginPage'), 'LoginPage'),
  'staff.home': screen(() => import('./screens/staff/StaffHomePage'), 'StaffHomePage'),
  'staff.operations': screen(() => import('./screens/staff/OperationsPage'), 'OperationsPage'),
  'news.manage': screen(() => import('./screens/news/NewsListPage'), 'NewsListPage'),
  'news.new': screen(() => import('./screens/news/NewsFormPage'), 'NewNewsPage'),
  'news.edit': screen(() => import('./screens/news/NewsFormPage'), 'EditNewsPage'),
  'news.staff': screen(() => import('./screens/news/MyNewsPage'), 'MyNewsPage'),
  'news.teacher': screen(() => import('./screens/news/MyNewsPage'), 'MyNewsPage'),
  'news.coach': screen(() => import('./screens/news/MyNewsPage'), 'MyNewsPage'),
  'news.tutor': screen(() => import('./screens/news/MyNewsPage'), 'MyNewsPage'),
  'news.corporation': screen(() => import('./screens/news/MyNewsPage'), 'MyNewsPage'),
  'news.student': screen(() => import('./screens/news/MyNewsPage'), 'MyNewsPage'),
  'mailbox.templates': screen(() => import('./screens/mailbox/TemplatesPage'), 'TemplatesPage'),
  'mailbox.templateNew': screen(() => import('./screens/mailbox/TemplateEditorPage'), 'NewTemplatePage'),
  'mailbox.templateEdit': screen(() => import('./screens/mailbox/TemplateEditorPage'), 'EditTemplatePage'),
  'attendance.sheets': screen(() => import('./screens/attendance/SheetsPage'), 'SheetsPage'),
  'attendance.staffSheet': screen(() => import('./screens/attendance/SheetPage'), 'StaffSheetPage'),
  'trainings.list': screen(() => import('./screens/trainings/TrainingsPage'), 'TrainingsPage'),
  'trainings.new': screen(() => import('./screens/trainings/TrainingsPage'), 'NewTrainingPage'),
  'trainings.plan': screen(() => import('./screens/trainings/TrainingPlanPage'), 'TrainingPlanPage'),
  'trainings.planVariant': screen(() => import('./screens/trainings/TrainingPlanPage'), 'TrainingPlanPage'),
  'trainings.groups': screen(() => import('./screens/trainings/TrainingGroupsPage'), 'TrainingGroupsPage'),
  'trainings.groupNew': screen(() => import('./screens/trainings/TrainingGroupFormPage'), 'NewTrainingGroupPage'),
  'trainings.group': screen(() => import('./screens/trainings/TrainingGroupPage'), 'TrainingGroupPage'),
  'trainings.groupEdit': screen(() => import('./screens/trainings/TrainingGroupFormPage'), 'EditTrainingGroupPage'),
  'trainings.subjects': screen(() => import('./screens/trainings/SchoolSubjectsPage'), 'SchoolSubjectsPage'),
  'trainings.gradeScales': screen(() => import('./screens/trainings/GradeScalesPage'), 'GradeScalesPage'),
  'trainingCentre.campuses': screen(() => import('./screens/training-centre/CampusesPage'), 'CampusesPage'),
  'trainingCentre.rooms': screen(() => import('./screens/training-centre/RoomsEditPage'), 'RoomsEditPage'),
  'trainingCentre.timeSlots': screen(() => import('./screens/training-centre/TimeSlotsPage'), 'TimeSlotsPage'),
  'trainingCentre.closures': screen(() => import('./screens/training-centre/ClosuresPage'), 'ClosuresPage'),
  'trainingCentre.organisation': screen(() => import('./screens/training-centre/OrganisationPage'), 'OrganisationPage'),
  'students.list': screen(() => import('./screens/students/StudentsPage'), 'StudentsPage'),
  'students.new': screen(() => import('./screens/students/StudentFormPage'), 'NewStudentPage'),
  'students.show': screen(() => import('./screens/students/StudentPage'), 'StudentPage'),
  'students.edit': screen(() => import('./screens/students/StudentFormPage'), 'EditStudentPage'),
  'students.registrationNew': screen(() => import('./screens/students/RegistrationFormPage'), 'NewRegistrationPage'),
  'students.registrationEdit': screen(() => import('./screens/students/RegistrationFormPage'), 'EditRegistrationPage'),
  'students.contractNew': screen(() => import('./screens/students/ContractFormPage'), 'NewContractPage'),
  'students.contractEdit': screen(() => import('./screens/students/ContractFormPage'), 'EditContractPage'),
  'people.actors': screen(() => import('./screens/people/ActorsPage'), 'ActorsPage'),
  'people.actorNew': screen(() => import('./screens/people/ActorNewPage'), 'ActorNewPage'),
  'people.actorEdit': screen(() => import('./screens/people/ActorEditPage'), 'ActorEditPage'),
  'people.corporations': screen(() => import('./screens/people/CorporationsPage'), 'CorporationsPage'),
  'people.corporationNew': screen(() => import('./screens/people/CorporationNewPage'), 'CorporationNewPage'),
  'people.corporation': screen(() => import('./screens/people/CorporationPage'), 'CorporationPage'),
  'people.contactNew': screen(() => import('./screens/people/CorporationPersonNewPage'), 'ContactNewPage'),
  'people.corporationTutorNew': screen(() => import('./screens/people/CorporationPersonNewPage'), 'CorporationTutorNewPage'),
  'people.tutors': screen(() => import('./screens/people/TutorsPage'), 'TutorsPage'),
  'people.tutorNew': screen(() => import('./screens/people/TutorNewPage'), 'TutorNewPage'),
  'people.tutorEdit': screen(() => import('./screens/people/TutorEditPage'), 'TutorEditPage'),
  'teaching.teachers': screen(() => import('./screens/teaching/TeachersPage'), 'TeachersPage'),
  'teaching.teacher': screen(() => import('./screens/teaching/TeacherPage'), 'TeacherPage'),
  'teaching.teacherInformationsNew': screen(() => import('./screens/teaching/InformationsPages'), 'TeacherInformationsNewPage'),
  'teaching.teacherInformationsEdit': screen(() => import('./screens/teaching/InformationsPages'), 'TeacherInformationsEditPage'),
  'teaching.contractNew': screen(() => import('./screens/teaching/ContractFormPage'), 'ContractNewPage'),
  'teaching.contractEdit': screen(() => import('./screens/teaching/ContractFormPage'), 'ContractEditPage'),
  'teaching.coaches': screen(() => import('./screens/teaching/CoachesPage'), 'CoachesPage'),
  'teaching.attribution': screen(() => import('./screens/teaching/AttributionPage'), 'AttributionPage'),
  'teaching.coach': screen(() => import('./screens/teaching/CoachPage'), 'CoachPage'),
  'teaching.coachInformationsNew': screen(() => import('./screens/teaching/InformationsPages'), 'CoachInformationsNewPage'),
  'teaching.coachInformationsEdit': screen(() => import('./screens/teaching/InformationsPages'), 'CoachInformationsEditPage'),
  'teaching.coachContractNew': screen(() => import('./screens/teaching/CoachContractFormPage'), 'CoachContractNewPage'),
  'teaching.coachContractEdit': screen(() => import('./screens/teaching/CoachContractFormPage'), 'CoachContractEditPage'),
  'teaching.studentFollowUps': screen(() => import('./screens/teaching/FollowUpPages'), 'StudentFollowUpsPage'),
  'teaching.disciplinaryNew': screen(() => import('./screens/teaching/FollowUpPages'), 'DisciplinaryNewPage'),
  'teaching.preventRegistrationBreakNew': screen(() => import('./screens/teaching/FollowUpPages'), 'PreventRegistrationBreakNewPage'),
  'teaching.breakNew': screen(() => import('./screens/teaching/FollowUpPages'), 'BreakNewPage'),
  'teaching.breakEdit': screen(() => import('./screens/teaching/FollowUpPages'), 'BreakEditPage'),
  'teaching.abandonNew': screen(() => import('./screens/teaching/FollowUpPages'), 'AbandonNewPage'),
  'teaching.abandonEdit': screen(() => import('./screens/teaching/FollowUpPages'), 'AbandonEditPage'),
  'planning.calendar': screen(() => import('./screens/planning/calendar/CalendarPage'), 'CalendarPage'),
  'planning.massCreate': screen(() => import('./screens/planning/bulk/MassCreatePage'), 'MassCreatePage'),
  'planning.massEdit': screen(() => import('./screens/planning/bulk/MassEditPage'), 'MassEditPage'),
  'planning.progress': screen(() => import('./screens/planning/calendar/PlanningProgressPage'), 'PlanningProgressPage'),
  'planning.groups': screen(() => import('./screens/planning/groups/PlanningGroupsPage'), 'PlanningGroupsPage'),
  'planning.groupNew': screen(() => import('./screens/planning/groups/PlanningGroupFormPage'), 'PlanningGroupNewPage'),
  'planning.group': screen(() => import('./screens/planning/groups/PlanningGroupPage'), 'PlanningGroupPage'),
  'planning.groupEdit': screen(() => import('./screens/planning/groups/PlanningGroupFormPage'), 'PlanningGroupEditPage'),
  'planning.occupancyHome': screen(() => import('./screens/planning/resources/OccupancyPage'), 'OccupancyHomePage'),
  'planning.occupancy': screen(() => import('./screens/planning/resources/OccupancyPage'), 'OccupancyPage'),
  'planning.trainerConstraints': screen(() => import('./screens/planning/resources/TrainerConstraintsPage'), 'TrainerConstraintsPage'),
  'planning.workStudies': screen(() => import('./screens/planning/resources/WorkStudiesPage'), 'WorkStudiesPage'),
  'teacher.home': screen(() => import('./screens/SpaceHomePage'), 'SpaceHomePage'),
  'coach.home': screen(() => import('./screens/SpaceHomePage'), 'SpaceHomePage'),
  'tutor.home': screen(() => import('./screens/SpaceHomePage'), 'SpaceHomePage'),
  'corporation.home': screen(() => import('./screens/SpaceHomePage'), 'SpaceHomePage'),
  'student.home': screen(() => import('./screens/SpaceHomePage'), 'SpaceHomePage'),
  'profileChanges.inbox': screen(() => import('./screens/profile-changes/InboxPage'), 'ProfileChangeInboxPage'),
  'courses.mine': screen(() => import('./screens/courses/SubjectsPage'), 'MySubjectsPage'),
  'courses.subject': screen(() => import('./screens/courses/CourseTabs'), 'CourseLessonsPage'),
  'courses.exercises': screen(() => import('./screens/courses/CourseTabs'), 'CourseExercisesPage'),
  'courses.exerciseNew': screen(() => import('./screens/courses/ExerciseFormPage'), 'ExerciseNewPage'),
  'courses.exerciseEdit': screen(() => import('./screens/courses/ExerciseFormPage'), 'ExerciseEditPage'),
  'courses.exams': screen(() => import('./screens/courses/CourseTabs'), 'CourseExamsPage'),
  'courses.examNew': screen(() => import('./screens/courses/ExamFormPage'), 'ExamNewPage'),
  'courses.examEdit': screen(() => import('./screens/courses/ExamFormPage'), 'ExamEditPage'),
  'courses.trombi': screen(() => import('./screens/courses/CourseTabs'), 'CourseTrombiPage'),
  'courses.lessonReport': screen(() => import('./screens/courses/LessonReportPage'), 'LessonReportPage'),
  'courses.teacher': screen(() => import('./screens/courses/SubjectsPage'), 'TeacherSubjectsPage'),
  'courses.teacherCourse': screen(() => import('./screens/courses/CourseTabs'), 'CourseLessonsPage'),
  'courses.teacherExercises': screen(() => import('./screens/courses/CourseTabs'), 'CourseExercisesPage'),
  'courses.teacherExams': screen(() => import('./screens/courses/CourseTabs'), 'CourseExamsPage'),
  'courses.teacherTrombi': screen(() => import('./screens/courses/CourseTabs'), 'CourseTrombiPage'),
  'courses.teacherExerciseNew': screen(() => import('./screens/courses/ExerciseFormPage'), 'ExerciseNewPage'),
  'courses.teacherExerciseEdit': screen(() => import('./screens/courses/ExerciseFormPage'), 'ExerciseEditPage'),
  'courses.teacherExamNew': screen(() => import('./screens/courses/ExamFormPage'), 'ExamNewPage'),
  'courses.teacherExamEdit': screen(() => import('./screens/courses/ExamFormPage'), 'ExamEditPage'),
  'massEmail.campaigns': screen(() => import('./screens/mass-email/CampaignsPage'), 'CampaignsPage'),
  'massEmail.new': screen(() => import('./screens/mass-email/NewCampaignPage'), 'NewCampaignPage'),
  'massEmail.campaign': screen(() => import('./screens/mass-email/CampaignsPage'), 'CampaignPage'),
  'marks.exams': screen(() => import('./screens/marks/TeacherPages'), 'GradableExamsPage'),
  'marks.exam': screen(() => import('./screens/marks/TeacherPages'), 'ExamMarksPage'),
  'marks.mine': screen(() => import('./screens/marks/StudentPages'), 'MyMarksPage'),
  'marks.reportCards': screen(() => import('./screens/marks/StudentPages'), 'MyReportCardsPage'),
  'marks.groups': screen(() => import('./screens/marks/StaffReportCardsPage'), 'StaffReportCardsPage'),
  'marks.staffExams': screen(() => import('./screens/marks/TeacherPages'), 'GradableExamsPage'),
  'marks.staffExam': screen(() => import('./screens/marks/TeacherPages'), 'ExamMarksPage'),
  'marks.followedCoach': screen(() => import('./screens/marks/FollowedMarksPage'), 'FollowedMarksPage'),
  'marks.followedTutor': screen(() => import('./screens/marks/FollowedMarksPage'), 'FollowedMarksPage'),
  'marks.followedCorporation': screen(() => import('./screens/marks/FollowedMarksPage'), 'FollowedMarksPage'),
  'courses.student': screen(() => import('./screens/courses/StudentCoursesPage'), 'StudentCoursesPage'),
  'attendance.day': screen(() => import('./screens/attendance/TeacherDayPage'), 'TeacherDayPage'),
  'attendance.sheet': screen(() => import('./screens/attendance/SheetPage'), 'SheetPage'),
  'attendance.projector': screen(() => import('./screens/attendance/ProjectorPage'), 'ProjectorPage'),
  'attendance.mine': screen(() => import('./screens/attendance/StudentPages'), 'MyAttendancePage'),
  'attendance.myAbsences': screen(() => import('./screens/attendance/MyAbsencesPage'), 'MyAbsencesPage'),
  'attendance.addJustificative': screen(() => import('./screens/attendance/JustificationPage'), 'JustificationPage'),
  'attendance.showJustificative': screen(() => import('./screens/attendance/JustificationPage'), 'JustificationPage'),
  'timetable.teacher': screen(() => import('./screens/timetable/MyTimetablePage'), 'MyTimetablePage'),
  'timetable.student': screen(() => import('./screens/timetable/MyTimetablePage'), 'MyTimetablePage'),
  'attendance.coached': screen(() => import('./screens/attendance/CoachStudentsPage'), 'CoachStudentsPage'),
  'booklets.items': screen(() => import('./screens/booklets/ItemsPage'), 'BookletItemsPage'),
  'booklets.group': screen(() => import('./screens/booklets/BookletsPage'), 'GroupBookletsPage'),
  'booklets.coach': screen(() => import('./screens/booklets/BookletsPage'), 'MyBookletsPage'),
  'booklets.tutor': screen(() => import('./screens/booklets/BookletsPage'), 'MyBookletsPage'),
  'booklets.corporation': screen(() => import('./screens/booklets/BookletsPage'), 'MyBookletsPage'),
  'booklets.student': screen(() => import('./screens/booklets/BookletsPage'), 'MyBookletsPage'),
  'booklets.staffForm': screen(() => import('./screens/booklets/BookletFormPage'), 'BookletFormPage'),
  'booklets.coachForm': screen(() => import('./screens/booklets/BookletFormPage'), 'BookletFormPage'),
  'booklets.tutorForm': screen(() => import('./screens/booklets/BookletFormPage'), 'BookletFormPage'),
  'booklets.corporationForm': screen(() => import('./screens/booklets/BookletFormPage'), 'BookletFormPage'),
  'booklets.studentForm': screen(() => import('./screens/booklets/BookletFormPage'), 'BookletFormPage'),
  'attendance.followedTutor': screen(() => import('./screens/attendance/CoachStudentsPage'), 'CoachStudentsPage'),
  'attendance.followedCorporation': screen(() => import('./screens/attendance/CoachStudentsPage'), 'CoachStudentsPage'),
  'attendance.staffAbsences': screen(() => import('./screens/attendance/StaffAbsencesPage'), 'StaffAbsencesPage'),
  'files.documents': screen(() => import('./screens/files/DocumentsPage'), 'DocumentsPage'),
  'files.teacher': screen(() => import('./screens/files/MyDocumentsPage'), 'MyDocumentsPage'),
  'files.tutor': screen(() => import('./screens/files/MyDocumentsPage'), 'MyDocumentsPage'),
  'files.student': screen(() => import('./screens/files/MyDocumentsPage'), 'MyDocumentsPage'),
  'attendance.checkIn': screen(() => import('./screens/attendance/StudentPages'), 'CheckInPage'),
  'profileChanges.teacher': screen(() => import('./screens/profile-changes/MyProfilePage'), 'MyProfilePage'),
  'profileChanges.coach': screen(() => import('./screens/profile-changes/MyProfilePage'), 'MyProfilePage'),
  'profileChanges.tutor': screen(() => import('./screens/profile-changes/MyProfilePage'), 'MyProfilePage'),
  'profileChanges.corporation': screen(() => import('./screens/profile-changes/MyProfilePage'), 'MyProfilePage'),
  'profileChanges.student': screen(() => import('./screens/profile-changes/MyProfilePage'), 'MyProfilePage'),
};

/**
 * What every route's loader gets: the QueryClient it fills, which the screens read through the root's provider
 * (QueryRoot). Loaded on demand with the first page, so TanStack Query stays out of the entry bundle (≤ 250 KB).
 */
export interface RouterContext {
  queryClient: () => Promise<QueryClient>;
}
const queryClient = () => import('./shared/query-client').then((module) => module.queryClient);

/** The root's component: the QueryClient's provider around every page (loaded with the first page). */
const queryRoot = screen(() => import('./layout/QueryRoot'), 'QueryRoot');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async () => {
    await ensureSession();
  },
  component: queryRoot,
  notFoundComponent: NotFoundPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async () => {
    const me = await ensureSession();
    throw redirect({ href: homePathFor(me), replace: true });
  },
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: screen(() => import('./layout/PublicLayout'), 'PublicLayout') });
const appLayout = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: screen(() => import('./layout/AppLayout'), 'AppLayout') });

/**
 * Access rules of a page: logged out → login; another space → own home; the other language's path →
 * the same page in the current language; the login page when logged in → own home.
 */
async function guard(page: PageDef, lang: 'fr' | 'en', params: Record<string, string>, location: ParsedLocation): Promise<void> {
  const me = await ensureSession();
  const suffix = location.searchStr + (location.hash ? `#${location.hash}` : '');
  if (page.space === 'public') {
    if (me && page.id === LOGIN_PAGE) throw redirect({ href: searchReturnPath((location.search as { next?: unknown }).next) || homePathFor(me), replace: true });
  } else {
    // Logged out on a protected page (a scanned QR code, a link in an e-mail): login keeps where they were going.
    if (!me) throw redirect({ href: `${pagePath(LOGIN_PAGE, currentLanguage())}?${new URLSearchParams({ next: location.pathname + location.searchStr })}`, replace: true });
    if (me.space !== page.space) throw redirect({ href: pagePath(spaceHome[me.space], currentLanguage()), replace: true });
  }
  const language = currentLanguage();
  if (lang !== language) {
    const target = pagePath(page.id as PageId, language, params);
    if (target !== location.pathname) throw redirect({ href: target + suffix, replace: true });
  }
}

function pageRoutes(space: 'public' | 'app') {
  const parent = space === 'public' ? publicLayout : appLayout;
  return (pages as readonly PageDef[])
    .filter((page) => (page.space === 'public') === (space === 'public'))
    .flatMap((page) => {
      const load = pageLoader(page.id as PageId);
      const langs = page.en === page.fr ? (['fr'] as const) : (['fr', 'en'] as const);
      return langs.map((lang) =>
        createRoute({
          getParentRoute: () => parent,
          path: page[lang],
          beforeLoad: ({ params, location }) => guard(page, lang, params as Record<string, string>, location),
          // The page's URL filters (page-search.ts): read through its schema, a bad value reading as its default.
          ...routeSearchOptions(page.id as PageId),
          // A page with a loader (page-loaders.ts) renders with its data: the loader fills the cache the screen reads
          // (usePageQuery), and a refused load (403, 404) shows the error component with the server's message. A change
          // of the validated search on the page (a filter, the search box) only starts the new load: the page stays,
          // with its previous answer and the focus in its search box, until the screen finds the new one.
          ...(load && {
            loaderDeps: ({ search }: { search: Record<string, unknown> }) => search,
            loader: async ({ context, params, deps, cause }: { context: RouterContext; params: Record<string, string>; deps: Record<string, unknown>; cause: 'preload' | 'enter' | 'stay' }) => {
              const loading = context.queryClient().then((client) => load(client, params, deps));
              if (cause === 'stay') return void loading.catch(() => undefined);
              // Only a refusal replaces the page; any other error (a rejected filter, a 500) the screen shows itself.
              await loading.catch((error: unknown) => {
                if (refusedLoad(error)) throw error;
              });
            },
          }),
          component: screens[page.id as PageId],
        }),
      );
    });
}

const routeTree = rootRoute.addChildren([
  indexRoute,
  publicLayout.addChildren(pageRoutes('public')),
  appLayout.addChildren(pageRoutes('app')),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});
