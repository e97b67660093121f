import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { PageLink } from '../../navigation';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../session';
import { usePageData } from '../../shared/queries';
import { loadCampusUnclosed } from './api';
import { HomeCard } from './parts';
import { UnclosedLine } from './TeacherHome';

/** The staff dashboard's unclosed sheets (issue #25): past lessons whose sheet is not closed, per campus they read. */
export function StaffUnclosed() {
  const { t } = useTranslation();
  const me = useMe();
  const page = usePageData(['home.staff.unclosed'], loadCampusUnclosed, { enabled: !!me?.permissions.includes('attendance.sheet.read-all') });
  if (!me || !page.data && !page.error) return null;
  const lessons = page.data?.lessons ?? [];
  const campuses = me.campuses.filter((campus) => lessons.some((lesson) => lesson.campusId === campus.id));
  return (
    <HomeCard title={t('home.staff.unclosed', { count: lessons.length })} testId="staff-unclosed">
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !lessons.length && <Text c="dimmed">{t('home.teacher.allClosed')}</Text>}
      {campuses.map((campus) => {
        const ofCampus = lessons.filter((lesson) => lesson.campusId === campus.id);
        return (
          <Stack key={campus.id} gap="xs" data-testid="staff-unclosed-campus" data-campus-id={campus.id}>
            <Title order={3} fz="md">{t('home.staff.campus', { campus: campus.name, count: ofCampus.length })}</Title>
            {ofCampus.slice(0, 10).map((lesson) => <UnclosedLine key={lesson.lessonId} lesson={lesson} staff />)}
            {ofCampus.length > 10 && <Anchor component={PageLink} page="attendance.sheets" size="sm">{t('home.staff.more', { count: ofCampus.length - 10 })}</Anchor>}
          </Stack>
        );
      })}
    </HomeCard>
  );
}
