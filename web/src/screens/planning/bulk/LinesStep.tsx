import { ActionIcon, Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerFormApi } from '../../../shared/form';
import type { PlanningOptions } from '../shared/api';
import { lessonTypeData, remoteData } from '../shared/labels';
import { GroupsSelect, RoomsSelect, SubjectSelect, TeachersSelect } from '../shared/Selects';
import { newLine, type LessonLine, type MassCreateValues } from './massCreate';
import { wizardError } from './wizard';

/** Step 2: the lesson details, one line per series (groups, trainers, rooms, subject, type, remote). */
export function LinesStep({ form, options, tried }: { form: ServerFormApi<MassCreateValues>; options: PlanningOptions; tried: boolean }) {
  const { t } = useTranslation();
  const lines = form.formik.values.lines;
  const error = (path: string) => wizardError(form, path, tried);
  const set = (path: string, value: unknown) => {
    void form.formik.setFieldValue(path, value);
    form.clearFieldError(path);
  };
  const remove = (index: number) => void form.formik.setFieldValue('lines', lines.filter((_, i) => i !== index));
  return (
    <Stack gap="md" data-testid="step-lines">
      <input type="hidden" id="lines" name="lines" />
      {error('lines') && (
        <Alert color="red" variant="light" data-testid="lines-error">
          {error('lines')}
        </Alert>
      )}
      {lines.map((line, index) => {
        const path = (name: keyof LessonLine) => `lines[${index}].${name}`;
        const multi = (name: 'planningGroups' | 'teachers' | 'rooms') => ({
          id: path(name),
          name: path(name),
          value: line[name],
          onChange: (value: string[]) => set(path(name), value),
          error: error(path(name)),
        });
        return (
          <Card key={line.key} withBorder radius="md" padding="md" data-testid="lesson-line">
            <Group justify="space-between" mb="xs">
              <Text fw={700} size="sm">
                {t('planning.bulk.create.line', { number: index + 1 })}
              </Text>
              {lines.length > 1 && (
                <Tooltip label={t('planning.bulk.create.removeLine')}>
                  <ActionIcon variant="subtle" color="red" onClick={() => remove(index)} aria-label={t('planning.bulk.create.removeLine')} data-testid="line-remove">
                    ✕
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <Stack gap="sm">
              <GroupsSelect label={t('planning.calendar.fields.planningGroups')} groups={options.groups} {...multi('planningGroups')} testId="line-groups" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TeachersSelect label={t('planning.calendar.fields.teachers')} teachers={options.teachers} {...multi('teachers')} testId="line-teachers" />
                <RoomsSelect label={t('planning.calendar.fields.rooms')} rooms={options.rooms} {...multi('rooms')} testId="line-rooms" />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <SubjectSelect
                  id={path('schoolSubject')}
                  name={path('schoolSubject')}
                  label={t('planning.calendar.fields.schoolSubject')}
                  subjects={options.subjects}
                  value={line.schoolSubject}
                  onChange={(value) => set(path('schoolSubject'), value)}
                  error={error(path('schoolSubject'))}
                  testId="line-subject"
                />
                <Select
                  id={path('lessonType')}
                  label={t('planning.calendar.fields.lessonType')}
                  data={lessonTypeData(t)}
                  value={line.lessonType}
                  onChange={(value) => set(path('lessonType'), value ?? 'course')}
                  error={error(path('lessonType'))}
                  allowDeselect={false}
                  data-testid="line-type"
                />
                <Select
                  id={path('remote')}
                  label={t('planning.calendar.fields.remote')}
                  data={remoteData(t)}
                  value={line.remote}
                  onChange={(value) => set(path('remote'), value ?? 'present')}
                  error={error(path('remote'))}
                  allowDeselect={false}
                  data-testid="line-remote"
                />
              </SimpleGrid>
              <TextInput
                id={path('description')}
                label={t('planning.calendar.fields.description')}
                value={line.description}
                onChange={(event) => set(path('description'), event.currentTarget.value)}
                error={error(path('description'))}
              />
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button variant="light" onClick={() => void form.formik.setFieldValue('lines', [...lines, newLine()])} data-testid="line-add">
          {t('planning.bulk.create.addLine')}
        </Button>
      </Group>
    </Stack>
  );
}
