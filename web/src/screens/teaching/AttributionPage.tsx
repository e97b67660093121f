import { useState } from 'react';
import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { coachAttributionSchema } from '@alterna/teaching/validation';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { confirm } from '../../shared/dialogs';
import { ServerForm, useServerForm } from '../../shared/form';
import { errorMessage, requestJson } from '../../shared/http';
import { toast } from '../../shared/toast';
import { apiPaths, loadAttributionForm, type AttributionFormData, type CoachedStudent } from './api';
import { errorOf, fullName, Loading, setField, useLoaded } from './common';

/** /coachs/attribution/new: students of a campus followed by a coach in the current session. */
export function AttributionPage() {
  const { data, error, reload } = useLoaded(['attributionForm'], loadAttributionForm);
  if (!data) return <Loading error={error} />;
  return <AttributionForm data={data} reload={reload} />;
}

interface AttributionValues {
  campusId: string | null;
  coachId: string | null;
  studentIds: string[];
}

function AttributionForm({ data, reload }: { data: AttributionFormData; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'without'>('all');
  const form = useServerForm<AttributionValues, { message: string }>({
    initialValues: { campusId: data.campuses.length === 1 ? data.campuses[0]!.id : null, coachId: null, studentIds: [] },
    validationSchema: coachAttributionSchema,
    action: apiPaths.attribution(),
    onSuccess: async (result, values, helpers) => {
      toast.success(result.message);
      helpers.resetForm({ values: { ...values, studentIds: [] } });
      await reload();
    },
  });
  const values = form.formik.values;
  const coaches = data.coaches.filter((c) => c.rules.some((r) => r.campus.id === values.campusId));
  const students = data.students.filter((s) => s.campus.id === values.campusId && (filter === 'all' || !s.coach));
  const toggle = (id: string, checked: boolean) =>
    setField(form, 'studentIds', checked ? [...values.studentIds, id] : values.studentIds.filter((s) => s !== id));

  const detach = async (student: CoachedStudent) => {
    if (!student.attributionId || !(await confirm({ message: t('teaching.attribution.removeConfirm', { name: fullName(student) }), color: 'red' }))) return;
    try {
      toast.success((await requestJson<{ message: string }>('DELETE', apiPaths.attributionDelete(student.attributionId))).message);
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Stack gap="lg" data-testid="attribution-page">
      <PageTitle
        back={<PageLink page="teaching.coaches"><Text size="sm">← {t('teaching.coaches.title')}</Text></PageLink>}
        title={t('teaching.attribution.title')}
        intro={data.currentSession ? t('teaching.attribution.intro', { session: data.currentSession.name }) : undefined}
      />
      <Card withBorder radius="lg" padding="lg" maw={1000}>
        <ServerForm form={form} data-testid="attribution-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              id="campusId" name="campusId" label={t('teaching.common.campus')} required allowDeselect={false}
              data={data.campuses.map((c) => ({ value: c.id, label: c.name }))}
              value={values.campusId}
              onChange={(v) => {
                setField(form, 'campusId', v);
                setField(form, 'coachId', null);
                setField(form, 'studentIds', []);
              }}
              error={errorOf(form, 'campusId')} data-testid="attribution-campus"
            />
            <Select
              id="coachId" name="coachId" label={t('teaching.attribution.coach')} required searchable disabled={!values.campusId}
              data={coaches.map((c) => ({ value: c.id, label: fullName(c) }))}
              value={values.coachId} onChange={(v) => setField(form, 'coachId', v)} error={errorOf(form, 'coachId')} data-testid="attribution-coach"
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Text fw={600}>{t('teaching.attribution.students')}</Text>
            <Checkbox label={t('teaching.attribution.withoutCoach')} checked={filter === 'without'} onChange={(e) => setFilter(e.currentTarget.checked ? 'without' : 'all')} />
          </Group>
          {!values.campusId ? (
            <Text c="dimmed">{t('teaching.attribution.pickCampus')}</Text>
          ) : students.length === 0 ? (
            <Text c="dimmed">{t('teaching.attribution.noStudent')}</Text>
          ) : (
            <Table verticalSpacing={6} id="studentIds" data-testid="attribution-students">
              <Table.Tbody>
                {students.map((student) => (
                  <Table.Tr key={student.id}>
                    <Table.Td w={40}>
                      <Checkbox
                        aria-label={fullName(student)} checked={values.studentIds.includes(student.id)} onChange={(e) => toggle(student.id, e.currentTarget.checked)}
                        data-testid="attribution-student"
                      />
                    </Table.Td>
                    <Table.Td>{fullName(student)}</Table.Td>
                    <Table.Td>
                      {student.coach ? (
                        <Group gap="xs">
                          <Text size="sm">{t('teaching.attribution.followedBy', { name: fullName(student.coach) })}</Text>
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void detach(student)}>{t('teaching.attribution.remove')}</Button>
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">{t('teaching.attribution.noCoach')}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {errorOf(form, 'studentIds') && <Text size="sm" c="red">{errorOf(form, 'studentIds')}</Text>}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="attribution-save">{t('teaching.attribution.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
