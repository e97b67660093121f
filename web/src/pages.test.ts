import { describe, expect, expectTypeOf, it } from 'vitest';
import { matchPage, navPages, pageParamNames, pagePath, pages as pageList, spaceHome, type PageDef, type PageId, type PageParams } from './pages';

const pages: readonly PageDef[] = pageList;

describe('pages', () => {
  it('has unique ids and unique paths across both languages', () => {
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    const paths = pages.flatMap((p) => (p.en === p.fr ? [p.en] : [p.en, p.fr]));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every actor space a home in that space', () => {
    for (const [space, id] of Object.entries(spaceHome)) {
      expect(pages.find((p) => p.id === id)?.space).toBe(space);
    }
  });

  it('builds and matches paths in both languages', () => {
    expect(pagePath('login', 'fr')).toBe('/connexion');
    expect(pagePath('login', 'en')).toBe('/login');
    expect(pagePath('student.home', 'fr')).toBe('/mon-espace');
    expect(matchPage('/administration/operations-en-masse')).toMatchObject({ lang: 'fr', page: { id: 'staff.operations' } });
    expect(matchPage('/administration/operations/')).toMatchObject({ lang: 'en', page: { id: 'staff.operations' } });
    expect(matchPage('/nowhere')).toBeNull();
  });

  it('lists only the space own entries in its navigation', () => {
    expect(navPages('student').map((p) => p.id)).toEqual(['student.home', 'news.student', 'timetable.student', 'courses.student', 'files.student', 'booklets.student', 'marks.mine', 'marks.reportCards', 'attendance.mine', 'attendance.myAbsences', 'profileChanges.student']);
    expect(navPages('teacher').map((p) => p.id)).toEqual(['teacher.home', 'news.teacher', 'timetable.teacher', 'courses.mine', 'marks.exams', 'attendance.day', 'files.teacher', 'profileChanges.teacher']);
    expect(navPages('staff').every((p) => p.space === 'staff')).toBe(true);
  });
});

describe('page params', () => {
  it('names the same params in both languages of every page', () => {
    const differing = pages
      .filter((p) => [...pageParamNames(p.id as PageId, 'en')].sort().join() !== [...pageParamNames(p.id as PageId, 'fr')].sort().join())
      .map((p) => p.id);
    expect(differing).toEqual([]);
  });

  it('reads the params of a path, in order', () => {
    expect(pageParamNames('students.registrationEdit', 'fr')).toEqual(['id', 'studentRegistration']);
    expect(pageParamNames('planning.occupancy', 'en')).toEqual(['campus', 'startDate', 'endDate', 'type']);
    expect(pageParamNames('login', 'en')).toEqual([]);
  });

  it('types a page params from its path', () => {
    expectTypeOf<PageParams<'students.registrationEdit'>>().toEqualTypeOf<{ id: string; studentRegistration: string }>();
    expectTypeOf<keyof PageParams<'login'>>().toEqualTypeOf<never>();
    // A screen serving a teacher's own course and a staff's view of it: $teacher only in the second.
    expectTypeOf<PageParams<'courses.subject' | 'courses.teacherCourse'>>().toEqualTypeOf<{ schoolSubject: string; teacher: string | undefined }>();
  });
});
