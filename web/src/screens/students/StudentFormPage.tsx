import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Badge, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { coordinatesSchema, guardianFields, isMinor, newStudentSchema, optionalGuardianFields, type GuardianField } from '@alterna/students/validation';
import { isDuplicateCheckReady } from '@alterna/students/validation';
import { isIsoDate } from '@alterna/students/validation';
import { countryOptions } from '@alterna/students/validation';
import { useLanguage } from '../../language';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { ServerForm, useServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, findStudents, loadStudent, loadTrainingChoices, type SessionOption, type Student, type StudentMatch } from './api';
import { BirthplaceField } from './BirthplaceField';
import { DuplicateStudentsDialog } from './DuplicateStudentsDialog';
import { changeCampuses } from './permissions';
import { DateField } from '../../shared/DateFields';
import { usePageParams } from '../../page-params';

const NO_MATCHES: StudentMatch[] = [];

type StudentValues = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  campusId: string | null;
  birthCountry: string | null;
  birthplace: string;
  birthCityCode: string | null;
} & Record<GuardianField, string>;

/** New student (/students/new): coordinates, campus and e-mail. */
export function NewStudentPage() {
  return <StudentFormLoader studentId={null} />;
}

/** /students/{id}/personal-informations/edit */
export function EditStudentPage() {
  const { id = '' } = usePageParams('students.edit');
  return <StudentFormLoader studentId={id} />;
}

function StudentFormLoader({ studentId }: { studentId: string | null }) {
  const page = usePageData(
    ['students.form', studentId],
    (): Promise<{ student: Student | null; sessions: SessionOption[] }> =>
      Promise.all([studentId ? loadStudent(studentId) : Promise.resolve(null), loadTrainingChoices()]).then(([student, choices]) => ({ student, sessions: choices.sessions })),
    { keepPrevious: false },
  );
  const { data, error } = page;
  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!data) return <Center p="xl"><Loader size="sm" /></Center>;
  return <StudentForm {...data} />;
}

const guardianLabels: Record<GuardianField, string> = {
  guardianLastName: 'lastName', guardianFirstName: 'firstName', guardianEmail: 'email', guardianPhone: 'phone',
  guardianStreetAddress: 'streetAddress', guardianAddressSupplement: 'addressSupplement', guardianPostalCode: 'postalCode',
  guardianAddressLocality: 'addressLocality', guardianAddressCountry: 'addressCountry',
};

function StudentForm({ student, sessions }: { student: Student | null; sessions: SessionOption[] }) {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const language = useLanguage();
  const campuses = changeCampuses(me);
  const [sessionId, setSessionId] = useState<string | null>((sessions.find((s) => s.isCurrent) ?? sessions[0])?.id ?? null);
  const [birthplaceWarning, setBirthplaceWarning] = useState<string | null>(null);

  const guardian = Object.fromEntries(guardianFields.map((f) => [f, student?.legalGuardian?.[f] ?? ''])) as Record<GuardianField, string>;
  const form = useServerForm<StudentValues, { message: string; student: Student }>({
    initialValues: {
      firstName: student?.firstName ?? '', lastName: student?.lastName ?? '', dateOfBirth: student?.dateOfBirth ?? '', email: student?.email ?? '',
      campusId: campuses.length === 1 ? campuses[0]!.id : null, birthCountry: student?.birthCountry ?? 'FR', birthplace: student?.birthplace ?? '',
      birthCityCode: student?.birthCityCode ?? null, ...guardian,
    },
    validationSchema: student ? coordinatesSchema : newStudentSchema,
    action: student ? apiPaths.coordinates(student.id) : apiPaths.newStudent(),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('students.show', { id: result.student.id });
    },
  });
  const values = form.formik.values;
  const minor = isMinor(values.dateOfBirth);

  // SPEC §5: the duplicate check runs once first name, last name and date of birth are all filled.
  const lookupKey = `${values.firstName.trim()}|${values.lastName.trim()}|${values.dateOfBirth}`;
  // The three values once typing pauses for half a second.
  const [settledKey] = useDebouncedValue(lookupKey, 500);
  // Only a change of the three values, settled, starts a new lookup; the last students found stay until then.
  const ready = settledKey === lookupKey && isDuplicateCheckReady(values) && isIsoDate(values.dateOfBirth);
  const lookup = usePageData(
    ['students.duplicates', settledKey, student?.id ?? null],
    (): Promise<StudentMatch[]> => findStudents({ firstName: values.firstName, lastName: values.lastName, dateOfBirth: values.dateOfBirth, id: student?.id ?? null }),
    { enabled: ready },
  );
  const duplicates = lookup.data ?? NO_MATCHES;

  const set = (name: string, value: unknown) => {
    void form.formik.setFieldValue(name, value);
    form.clearFieldError(name);
  };

  return (
    <Stack gap="lg" data-testid="student-form-page">
      <div>
        <PageLink page={student ? 'students.show' : 'students.list'} params={student ? { id: student.id } : undefined}>
          <Text size="sm">← {student ? personName(student) : t('students.list.title')}</Text>
        </PageLink>
        <Title order={1} fz={28}>{t(student ? 'students.form.editTitle' : 'students.form.newTitle')}</Title>
      </div>
      <Card withBorder radius="lg" padding="lg" maw={1000}>
        <ServerForm form={form} data-testid="student-form">
          <Title order={2} fz="lg">{t('students.form.identity')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput id="lastName" label={t('students.form.lastName')} required {...form.inputProps('lastName')} />
            <TextInput id="firstName" label={t('students.form.firstName')} required {...form.inputProps('firstName')} />
            <DateField
              id="dateOfBirth" label={t('students.form.dateOfBirth')} required {...form.inputProps('dateOfBirth')}
              rightSectionWidth={80} rightSection={minor ? <Badge color="orange" variant="light" data-testid="minor-badge">{t('students.form.minor')}</Badge> : null}
            />
          </SimpleGrid>
          {!student && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput id="email" type="email" label={t('students.form.email')} required {...form.inputProps('email')} />
              <Select
                id="campusId" name="campusId" label={t('students.form.campus')} required data={campuses.map((c) => ({ value: c.id, label: c.name }))}
                value={values.campusId} onChange={(v) => set('campusId', v)} error={form.fieldError('campusId')} data-testid="student-campus"
              />
              <Select
                id="trainingSessionId" label={t('students.form.session')} description={t('students.form.sessionHint')} allowDeselect={false}
                data={sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('students.common.current')})` : s.name }))}
                value={sessionId} onChange={setSessionId} data-testid="student-session"
              />
            </SimpleGrid>
          )}
          <Title order={2} fz="lg" mt="sm">{t('students.form.birth')}</Title>
          <BirthplaceField
            value={{ birthCountry: values.birthCountry, birthplace: values.birthplace, birthCityCode: values.birthCityCode }}
            onChange={(next) => {
              set('birthCountry', next.birthCountry);
              set('birthplace', next.birthplace);
              set('birthCityCode', next.birthCityCode);
            }}
            onInvalid={setBirthplaceWarning}
            errors={{
              birthCountry: form.fieldError('birthCountry'),
              birthplace: birthplaceWarning ?? form.fieldError('birthplace'),
              birthCityCode: form.fieldError('birthCityCode'),
            }}
          />
          {/* SPEC §4: shown with required fields under 18, otherwise hidden and disabled. */}
          <fieldset disabled={!minor} hidden={!minor} style={{ border: 0, padding: 0, margin: 0 }} data-testid="guardian-block">
            <Stack gap="sm">
              <Title order={2} fz="lg" mt="sm">{t('students.form.guardian')}</Title>
              <Alert color="orange" variant="light">{t('students.form.guardianIntro')}</Alert>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {guardianFields.map((field) =>
                  field === 'guardianAddressCountry' ? (
                    <Select
                      key={field} id={field} name={field} label={t(`students.guardian.${guardianLabels[field]}`)} searchable clearable
                      data={countryOptions(language)} value={values[field] || null} onChange={(v) => set(field, v ?? '')}
                      error={form.fieldError(field)} nothingFoundMessage={t('select.nothingFound')} disabled={!minor}
                    />
                  ) : (
                    <TextInput
                      key={field} id={field} label={t(`students.guardian.${guardianLabels[field]}`)}
                      required={minor && !optionalGuardianFields.includes(field)} type={field === 'guardianEmail' ? 'email' : 'text'}
                      {...form.inputProps(field)}
                    />
                  ),
                )}
              </SimpleGrid>
            </Stack>
          </fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="student-save">{t('students.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
      <DuplicateStudentsDialog students={duplicates} trainingSessionId={sessionId} onIgnore={() => lookup.update(() => [])} />
    </Stack>
  );
}
