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
import { CampusesPage } from './screens/training-centre/CampusesPage';
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
  'teacher.home': SpaceHomePage,
  'coach.home': SpaceHomePage,
  'tutor.home': SpaceHomePage,
  'corporation.home': SpaceHomePage,
  'student.home': SpaceHomePage,
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
