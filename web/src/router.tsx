import type { FunctionComponent } from 'react';
import { createRootRoute, createRoute, createRouter, Outlet, redirect, type ParsedLocation } from '@tanstack/react-router';
import { currentLanguage } from './language';
import { homePathFor } from './navigation';
import { pagePath, pages, spaceHome, LOGIN_PAGE, type PageDef, type PageId } from './pages';
import { ensureSession } from './session';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import { NotFoundPage } from './screens/NotFoundPage';
import { LoginPage } from './screens/LoginPage';
import { OperationsPage } from './screens/staff/OperationsPage';
import { StaffHomePage } from './screens/staff/StaffHomePage';
import { SpaceHomePage } from './screens/SpaceHomePage';
import { ActorEditPage } from './screens/people/ActorEditPage';
import { ActorNewPage } from './screens/people/ActorNewPage';
import { ActorsPage } from './screens/people/ActorsPage';
import { ContactNewPage, CorporationTutorNewPage } from './screens/people/CorporationPersonNewPage';
import { CorporationNewPage } from './screens/people/CorporationNewPage';
import { CorporationPage } from './screens/people/CorporationPage';
import { CorporationsPage } from './screens/people/CorporationsPage';
import { TutorEditPage } from './screens/people/TutorEditPage';
import { TutorNewPage } from './screens/people/TutorNewPage';
import { TutorsPage } from './screens/people/TutorsPage';
import { ProfileChangeInboxPage } from './screens/profile-changes/InboxPage';
import { MyProfilePage } from './screens/profile-changes/MyProfilePage';
import { CampusesPage } from './screens/training-centre/CampusesPage';
import { AttributionPage } from './screens/teaching/AttributionPage';
import { CoachContractEditPage, CoachContractNewPage } from './screens/teaching/CoachContractFormPage';
import { CoachesPage } from './screens/teaching/CoachesPage';
import { CoachPage } from './screens/teaching/CoachPage';
import { ContractEditPage, ContractNewPage } from './screens/teaching/ContractFormPage';
import {
  AbandonEditPage, AbandonNewPage, BreakEditPage, BreakNewPage, DisciplinaryNewPage, PreventRegistrationBreakNewPage, StudentFollowUpsPage,
} from './screens/teaching/FollowUpPages';
import { CoachInformationsEditPage, CoachInformationsNewPage, TeacherInformationsEditPage, TeacherInformationsNewPage } from './screens/teaching/InformationsPages';
import { TeacherPage } from './screens/teaching/TeacherPage';
import { TeachersPage } from './screens/teaching/TeachersPage';
import { EditContractPage, NewContractPage } from './screens/students/ContractFormPage';
import { EditRegistrationPage, NewRegistrationPage } from './screens/students/RegistrationFormPage';
import { EditStudentPage, NewStudentPage } from './screens/students/StudentFormPage';
import { StudentPage } from './screens/students/StudentPage';
import { StudentsPage } from './screens/students/StudentsPage';
import { ClosuresPage } from './screens/training-centre/ClosuresPage';
import { RoomsEditPage } from './screens/training-centre/RoomsEditPage';
import { TimeSlotsPage } from './screens/training-centre/TimeSlotsPage';
import { GradeScalesPage } from './screens/trainings/GradeScalesPage';
import { SchoolSubjectsPage } from './screens/trainings/SchoolSubjectsPage';
import { EditTrainingGroupPage, NewTrainingGroupPage } from './screens/trainings/TrainingGroupFormPage';
import { TrainingGroupPage } from './screens/trainings/TrainingGroupPage';
import { TrainingGroupsPage } from './screens/trainings/TrainingGroupsPage';
import { TrainingPlanPage } from './screens/trainings/TrainingPlanPage';
import { NewTrainingPage, TrainingsPage } from './screens/trainings/TrainingsPage';
import { CalendarPage } from './screens/planning/calendar/CalendarPage';
import { MassCreatePage } from './screens/planning/bulk/MassCreatePage';
import { MassEditPage } from './screens/planning/bulk/MassEditPage';
import { PlanningProgressPage } from './screens/planning/calendar/PlanningProgressPage';
import { PlanningGroupsPage } from './screens/planning/groups/PlanningGroupsPage';
import { PlanningGroupNewPage, PlanningGroupEditPage } from './screens/planning/groups/PlanningGroupFormPage';
import { PlanningGroupPage } from './screens/planning/groups/PlanningGroupPage';
import { OccupancyHomePage, OccupancyPage } from './screens/planning/resources/OccupancyPage';
import { TrainerConstraintsPage } from './screens/planning/resources/TrainerConstraintsPage';
import { WorkStudiesPage } from './screens/planning/resources/WorkStudiesPage';

/** Screen of each page (pages.ts holds the paths; one component serves both languages). */
const screens: Record<PageId, FunctionComponent> = {
  login: LoginPage,
  'staff.home': StaffHomePage,
  'staff.operations': OperationsPage,
  'trainings.list': TrainingsPage,
  'trainings.new': NewTrainingPage,
  'trainings.plan': TrainingPlanPage,
  'trainings.planVariant': TrainingPlanPage,
  'trainings.groups': TrainingGroupsPage,
  'trainings.groupNew': NewTrainingGroupPage,
  'trainings.group': TrainingGroupPage,
  'trainings.groupEdit': EditTrainingGroupPage,
  'trainings.subjects': SchoolSubjectsPage,
  'trainings.gradeScales': GradeScalesPage,
  'trainingCentre.campuses': CampusesPage,
  'trainingCentre.rooms': RoomsEditPage,
  'trainingCentre.timeSlots': TimeSlotsPage,
  'trainingCentre.closures': ClosuresPage,
  'students.list': StudentsPage,
  'students.new': NewStudentPage,
  'students.show': StudentPage,
  'students.edit': EditStudentPage,
  'students.registrationNew': NewRegistrationPage,
  'students.registrationEdit': EditRegistrationPage,
  'students.contractNew': NewContractPage,
  'students.contractEdit': EditContractPage,
  'people.actors': ActorsPage,
  'people.actorNew': ActorNewPage,
  'people.actorEdit': ActorEditPage,
  'people.corporations': CorporationsPage,
  'people.corporationNew': CorporationNewPage,
  'people.corporation': CorporationPage,
  'people.contactNew': ContactNewPage,
  'people.corporationTutorNew': CorporationTutorNewPage,
  'people.tutors': TutorsPage,
  'people.tutorNew': TutorNewPage,
  'people.tutorEdit': TutorEditPage,
  'teaching.teachers': TeachersPage,
  'teaching.teacher': TeacherPage,
  'teaching.teacherInformationsNew': TeacherInformationsNewPage,
  'teaching.teacherInformationsEdit': TeacherInformationsEditPage,
  'teaching.contractNew': ContractNewPage,
  'teaching.contractEdit': ContractEditPage,
  'teaching.coaches': CoachesPage,
  'teaching.attribution': AttributionPage,
  'teaching.coach': CoachPage,
  'teaching.coachInformationsNew': CoachInformationsNewPage,
  'teaching.coachInformationsEdit': CoachInformationsEditPage,
  'teaching.coachContractNew': CoachContractNewPage,
  'teaching.coachContractEdit': CoachContractEditPage,
  'teaching.studentFollowUps': StudentFollowUpsPage,
  'teaching.disciplinaryNew': DisciplinaryNewPage,
  'teaching.preventRegistrationBreakNew': PreventRegistrationBreakNewPage,
  'teaching.breakNew': BreakNewPage,
  'teaching.breakEdit': BreakEditPage,
  'teaching.abandonNew': AbandonNewPage,
  'teaching.abandonEdit': AbandonEditPage,
  'planning.calendar': CalendarPage,
  'planning.massCreate': MassCreatePage,
  'planning.massEdit': MassEditPage,
  'planning.progress': PlanningProgressPage,
  'planning.groups': PlanningGroupsPage,
  'planning.groupNew': PlanningGroupNewPage,
  'planning.group': PlanningGroupPage,
  'planning.groupEdit': PlanningGroupEditPage,
  'planning.occupancyHome': OccupancyHomePage,
  'planning.occupancy': OccupancyPage,
  'planning.trainerConstraints': TrainerConstraintsPage,
  'planning.workStudies': WorkStudiesPage,
  'teacher.home': SpaceHomePage,
  'coach.home': SpaceHomePage,
  'tutor.home': SpaceHomePage,
  'corporation.home': SpaceHomePage,
  'student.home': SpaceHomePage,
  'profileChanges.inbox': ProfileChangeInboxPage,
  'profileChanges.teacher': MyProfilePage,
  'profileChanges.coach': MyProfilePage,
  'profileChanges.tutor': MyProfilePage,
  'profileChanges.corporation': MyProfilePage,
  'profileChanges.student': MyProfilePage,
};

const rootRoute = createRootRoute({
  beforeLoad: async () => {
    await ensureSession();
  },
  component: Outlet,
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

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const appLayout = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout });

/**
 * Access rules of a page: logged out → login; another space → own home; the other language's path →
 * the same page in the current language; the login page when logged in → own home.
 */
async function guard(page: PageDef, lang: 'fr' | 'en', params: Record<string, string>, location: ParsedLocation): Promise<void> {
  const me = await ensureSession();
  const suffix = location.searchStr + (location.hash ? `#${location.hash}` : '');
  if (page.space === 'public') {
    if (me && page.id === LOGIN_PAGE) throw redirect({ href: homePathFor(me), replace: true });
  } else {
    if (!me) throw redirect({ href: pagePath(LOGIN_PAGE, currentLanguage()), replace: true });
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
      const langs = page.en === page.fr ? (['fr'] as const) : (['fr', 'en'] as const);
      return langs.map((lang) =>
        createRoute({
          getParentRoute: () => parent,
          path: page[lang],
          beforeLoad: ({ params, location }) => guard(page, lang, params as Record<string, string>, location),
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
  defaultPreload: 'intent',
  scrollRestoration: true,
});
