import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { loadSubjects, type TaughtSubject } from './api';
import { personName, useParisFormat } from './shared';
import { usePageParams } from '../../page-params';

/** The teacher's subjects (SPEC §2 `/my-courses`). */
export function MySubjectsPage() {
  return <SubjectsList teacher={null} />;
}

/** A teacher's subjects, for staff of their campuses (`/teachers/{teacher}/course`). */
export function TeacherSubjectsPage() {
  const { teacher } = usePageParams('courses.teacher');
  return <SubjectsList teacher={teacher} />;
}

function SubjectsList({ teacher }: { teacher: string | null }) {
  const { t } = useTranslation();
  const page = usePageData(['courses.subjects', teacher], () => loadSubjects(teacher));
  const name = page.data ? personName(page.data.teacher) : '';
  return (
    <Stack gap="lg" data-testid="course-subjects-page">
      <PageTitle
        title={teacher ? t('courses.subjects.staffTitle', { name }) : t('courses.subjects.title')}
        intro={teacher ? t('courses.subjects.staffIntro') : t('courses.subjects.intro')}
      />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.subjects.length && <Text c="dimmed">{t('courses.subjects.none')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(page.data?.subjects ?? []).map((subject) => <SubjectCard key={subject.id} subject={subject} teacher={teacher} />)}
      </SimpleGrid>
    </Stack>
  );
}

function SubjectCard({ subject, teacher }: { subject: TaughtSubject; teacher: string | null }) {
  const { t } = useTranslation();
  const format = useParisFormat();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="course-subject" data-subject={subject.id} style={{ borderTop: `4px solid ${subject.color ?? 'var(--mantine-color-indigo-5)'}` }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">{subject.name}</Text>
          {subject.shortName && <Badge variant="light">{subject.shortName}</Badge>}
        </Group>
        <Text size="sm">{t('courses.subjects.lessons', { count: subject.lessons })}</Text>
        <Text size="sm" c="dimmed">{subject.nextLessonAt ? t('courses.subjects.next', { at: format.at(subject.nextLessonAt) }) : t('courses.subjects.noNext')}</Text>
        {subject.planningGroups.length > 0 && (
          <Group gap={4}>{subject.planningGroups.map((group) => <Badge key={group} color="gray" variant="outline" size="sm">{group}</Badge>)}</Group>
        )}
        <Group justify="flex-end">
          {teacher ? (
            <Button component={PageLink} page="courses.teacherCourse" params={{ teacher, schoolSubject: subject.id }} size="xs" data-testid="open-subject">{t('courses.subjects.open')}</Button>
          ) : (
            <Button component={PageLink} page="courses.subject" params={{ schoolSubject: subject.id }} size="xs" data-testid="open-subject">{t('courses.subjects.open')}</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
