import { useMemo, useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registrationSchema } from '@alterna/students/validation';
import { STUDENT_STATUSES } from '@alterna/students/validation';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, loadStudent, loadTrainingChoices, type GroupOption, type SessionOption, type Student, type StudentRegistration } from './api';
import { changeCampuses } from './permissions';
import { usePageParams } from '../../page-params';

/** /students/{id}/registrations/new */
export function NewRegistrationPage() {
  const { id = '' } = usePageParams('students.registrationNew');
  return <RegistrationFormLoader studentId={id} registrationId={null} />;
}

/** /students/{id}/registrations/{studentRegistration}/edit */
export function EditRegistrationPage() {
  const { id = '', studentRegistration = '' } = usePageParams('students.registrationEdit');
  return <RegistrationFormLoader studentId={id} registrationId={studentRegistration} />;
}

interface Loaded {
  student: Student;
  registration: StudentRegistration | null;
  sessions: SessionOption[];
  groups: GroupOption[];
}

function RegistrationFormLoader({ studentId, registrationId }: { studentId: string; registrationId: string | null }) {
  const page = usePageData(
    ['students.registration-form', studentId, registrationId],
    (): Promise<Loaded> =>
      Promise.all([
        loadStudent(studentId),
        registrationId ? requestJson<{ registration: StudentRegistration }>('GET', apiPaths.registrationEdit(studentId, registrationId)) : Promise.resolve(null),
        loadTrainingChoices(),
      ]).then(([student, found, choices]) => ({ student, registration: found?.registration ?? null, sessions: choices.sessions, groups: choices.groups })),
    { keepPrevious: false },
  );
  const { data, error } = page;
  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!data) return <Center p="xl"><Loader size="sm" /></Center>;
  return <RegistrationForm {...data} />;
}

function RegistrationForm({ student, registration, sessions, groups }: Loaded) {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const campuses = changeCampuses(me).map((c) => c.id);
  const [sessionId, setSessionId] = useState<string | null>(
    registration?.trainingGroup.trainingSession.id ?? (sessions.find((s) => s.isCurrent) ?? sessions[0])?.id ?? null,
  );
  const form = useServerForm<{ trainingGroupId: string | null; studentStatus: string | null }, { message: string }>({
    initialValues: { trainingGroupId: registration?.trainingGroup.id ?? null, studentStatus: registration?.studentStatus ?? null },
    validationSchema: registrationSchema,
    action: registration ? apiPaths.registrationEdit(student.id, registration.id) : apiPaths.registrationNew(student.id),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('students.show', { id: student.id });
    },
  });
  const offered = useMemo(
    () => groups.filter((g) => campuses.includes(g.campus.id) && (!sessionId || g.trainingSession.id === sessionId)),
    [groups, campuses, sessionId],
  );
  const values = form.formik.values;

  return (
    <Stack gap="lg" data-testid="registration-form-page">
      <div>
        <PageLink page="students.show" params={{ id: student.id }}><Text size="sm">← {student.lastName} {student.firstName}</Text></PageLink>
        <Title order={1} fz={28}>{t(registration ? 'students.registration.editTitle' : 'students.registration.newTitle')}</Title>
      </div>
      <Card withBorder radius="lg" padding="lg" maw={900}>
        <ServerForm form={form} data-testid="registration-form">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('students.list.session')} allowDeselect={false}
              data={sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('students.common.current')})` : s.name }))}
              value={sessionId}
              onChange={(v) => {
                setSessionId(v);
                void form.formik.setFieldValue('trainingGroupId', null);
              }}
              data-testid="registration-session"
            />
            <Select
              id="trainingGroupId" name="trainingGroupId" label={t('students.registration.group')} required searchable
              data={offered.map((g) => ({ value: g.id, label: `${g.shortName} – ${g.name}` }))} value={values.trainingGroupId}
              onChange={(v) => {
                void form.formik.setFieldValue('trainingGroupId', v);
                form.clearFieldError('trainingGroupId');
              }}
              error={form.fieldError('trainingGroupId')} nothingFoundMessage={t('select.nothingFound')} data-testid="registration-group"
            />
            <Select
              id="studentStatus" name="studentStatus" label={t('students.registration.status')} required
              data={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`students.statuses.${s}`) }))} value={values.studentStatus}
              onChange={(v) => {
                void form.formik.setFieldValue('studentStatus', v);
                form.clearFieldError('studentStatus');
              }}
              error={form.fieldError('studentStatus')} data-testid="registration-status"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="registration-save">{t('students.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
