import { Alert, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { loadStudentCourses, type StudentCourse } from './api';
import { useParisFormat } from './shared';

/** The student's courses (`/my-space/courses`): their groups' subjects with the published exercises and exams. */
export function StudentCoursesPage() {
  const { t } = useTranslation();
  const page = usePageData(['courses.student'], loadStudentCourses);
  return (
    <Stack gap="lg" data-testid="student-courses-page">
      <PageTitle title={t('courses.student.title')} intro={t('courses.student.intro')} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.courses.length && <Text c="dimmed">{t('courses.student.none')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(page.data?.courses ?? []).map((course) => <CourseCard key={course.id} course={course} />)}
      </SimpleGrid>
    </Stack>
  );
}

function CourseCard({ course }: { course: StudentCourse }) {
  const { t, i18n } = useTranslation();
  const format = useParisFormat();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="student-course" data-subject={course.id} style={{ borderTop: `4px solid ${course.color ?? 'var(--mantine-color-indigo-5)'}` }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">{course.name}</Title>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">{t('courses.student.exercises')}</Text>
        {!course.exercises.length && <Text size="sm" c="dimmed">{t('courses.student.noExercise')}</Text>}
        {course.exercises.map((exercise) => (
          <Stack key={exercise.id} gap={2} data-testid="student-exercise" data-title={exercise.title}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fw={600} size="sm">{exercise.title}</Text>
              <Text size="sm" fw={600} c="orange">{t('courses.exercises.due', { date: format.day(exercise.dueDate) })}</Text>
            </Group>
            <Text size="xs" c="dimmed">{t('courses.student.by', { name: exercise.teacher })}</Text>
            {exercise.instructions && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{exercise.instructions}</Text>}
          </Stack>
        ))}
        <Divider />
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">{t('courses.student.exams')}</Text>
        {!course.exams.length && <Text size="sm" c="dimmed">{t('courses.student.noExam')}</Text>}
        {course.exams.map((exam) => (
          <Stack key={exam.id} gap={2} data-testid="student-exam" data-title={exam.title}>
            <Text fw={600} size="sm">{exam.title}</Text>
            <Text size="sm">{t('courses.exams.at', { date: format.day(exam.date), time: exam.time, minutes: exam.durationMinutes, coefficient: number.format(exam.coefficient) })}</Text>
            {exam.description && <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{exam.description}</Text>}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
