import { Checkbox, Group, Text } from '@mantine/core';
import type { FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';
import type { ServerFormApi } from '../../shared/form';
import type { Course } from './api';

/** Sets a non-text field of a form and forgets the server's error on it. */
export function setField<V extends FormikValues>(form: ServerFormApi<V>, name: string, value: unknown) {
  void form.formik.setFieldValue(name, value);
  form.clearFieldError(name);
}

/** The course's planning groups as checkboxes (a course has a few). */
export function GroupsField<V extends FormikValues>({ form, course, label }: { form: ServerFormApi<V>; course: Course; label: string }) {
  const { t } = useTranslation();
  const value = (form.formik.values.planningGroupIds as string[]) ?? [];
  return (
    <Checkbox.Group id="planningGroupIds" label={label} withAsterisk value={value} onChange={(next) => setField(form, 'planningGroupIds', next)} error={form.fieldError('planningGroupIds')}>
      <Group mt="xs">
        {course.groups.map((group) => <Checkbox key={group.id} value={group.id} name="planningGroupIds" label={group.name} data-testid="group-choice" />)}
        {!course.groups.length && <Text size="sm" c="dimmed">{t('courses.course.groups', { groups: '—' })}</Text>}
      </Group>
    </Checkbox.Group>
  );
}

