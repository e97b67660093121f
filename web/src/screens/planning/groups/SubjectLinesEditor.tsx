import { ActionIcon, Badge, Button, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { getIn } from 'formik';
import { useTranslation } from 'react-i18next';
import { subjectLinesSchema } from '@alterna/planning/validation';
import { DecimalInput } from '../../../shared/DecimalInput';
import { ServerForm, useServerForm, type ServerFormApi } from '../../../shared/form';
import { toast } from '../../../shared/toast';
import { formatHours, groupApi, subjectLabel, type GroupChange, type GroupSubjectRef, type PlanningGroup } from './api';
import { HiddenHeader } from '../../../shared/HiddenHeader';

interface LineValues {
  /** React key of the row, never sent. */
  key: string;
  schoolSubject: string | null;
  hours: number | null;
}

interface Props {
  group: PlanningGroup;
  subjects: GroupSubjectRef[];
  canUpdate: boolean;
  onSaved: (group: PlanningGroup) => void;
}

let nextKey = 0;
const newKey = () => `line-${(nextKey += 1)}`;

/**
 * The error of a line's field: the server's, else Yup's once touched. The shared Yup validator keys errors by
 * their full path ('lines[0].hours'), so a nested one is looked up by that key too.
 */
function errorOf(form: ServerFormApi<{ lines: LineValues[] }>, path: string): string | undefined {
  const shown = form.fieldError(path);
  if (shown) return shown;
  const flat = (form.formik.errors as Record<string, unknown>)[path];
  return getIn(form.formik.touched, path) && typeof flat === 'string' ? flat : undefined;
}

/**
 * The planning group's table of school subjects with hours (SPEC §5): add a row, pick a subject and its hours,
 * remove a row unless lessons already teach its subject, save the whole table at once.
 */
export function SubjectLinesEditor({ group, subjects, canUpdate, onSaved }: Props) {
  const { t } = useTranslation();
  const scheduled = new Set(group.schoolSubjectLines.filter((line) => line.scheduled).map((line) => line.schoolSubject.id));
  const form = useServerForm<{ lines: LineValues[] }, GroupChange>({
    initialValues: { lines: group.schoolSubjectLines.map((line) => ({ key: line.id, schoolSubject: line.schoolSubject.id, hours: line.hours })) },
    validationSchema: subjectLinesSchema,
    action: groupApi.subjectLines(group.id),
    toPayload: (values) => ({ lines: values.lines.map(({ schoolSubject, hours }) => ({ schoolSubject, hours })) }),
    onSuccess: (result, _values, helpers) => {
      toast.success(result.message);
      helpers.resetForm({ values: { lines: result.planningGroup.schoolSubjectLines.map((line) => ({ key: line.id, schoolSubject: line.schoolSubject.id, hours: line.hours })) } });
      onSaved(result.planningGroup);
    },
  });
  const lines = form.formik.values.lines;
  const set = (path: string, value: unknown) => {
    void form.formik.setFieldValue(path, value);
    form.clearFieldError(path);
  };
  const chosen = new Set(lines.map((line) => line.schoolSubject));
  const total = Math.round(lines.reduce((sum, line) => sum + (line.hours !== null && Number.isFinite(line.hours) ? line.hours : 0), 0) * 100) / 100;

  return (
    <ServerForm form={form} data-testid="subject-lines-form" gap="sm">
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="subject-lines-empty">{t('planning.groups.lines.empty')}</Text>
      ) : (
        <Table verticalSpacing={6} data-testid="subject-lines-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('planning.groups.lines.subject')}</Table.Th>
              <Table.Th w={190}>{t('planning.groups.lines.hours')}</Table.Th>
              <HiddenHeader w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const path = `lines[${index}]`;
              const locked = !!line.schoolSubject && scheduled.has(line.schoolSubject) && group.schoolSubjectLines.some((l) => l.id === line.key);
              return (
                <Table.Tr key={line.key} data-testid="subject-line" data-scheduled={locked || undefined} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Select
                        style={{ flex: 1 }}
                        name={`${path}.schoolSubject`}
                        aria-label={t('planning.groups.lines.subject')}
                        placeholder={t('planning.groups.lines.pickSubject')}
                        data={subjects
                          .filter((s) => s.id === line.schoolSubject || !chosen.has(s.id))
                          .map((s) => ({ value: s.id, label: subjectLabel(s) }))}
                        searchable
                        disabled={!canUpdate || locked}
                        value={line.schoolSubject}
                        onChange={(value) => set(`${path}.schoolSubject`, value)}
                        error={errorOf(form, `${path}.schoolSubject`)}
                        nothingFoundMessage={t('select.nothingFound')}
                        data-testid="subject-line-subject"
                      />
                      {locked && (
                        <Badge variant="light" color="teal" mt={8} style={{ flexShrink: 0 }} data-testid="subject-line-scheduled">
                          {t('planning.groups.lines.scheduledBadge')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <DecimalInput
                      name={`${path}.hours`}
                      aria-label={t('planning.groups.lines.hours')}
                      rightSection={<Text size="xs" c="dimmed">h</Text>}
                      readOnly={!canUpdate}
                      value={line.hours}
                      onChange={(value) => set(`${path}.hours`, value)}
                      onBlur={() => void form.formik.setFieldTouched(`${path}.hours`, true)}
                      error={errorOf(form, `${path}.hours`)}
                      data-testid="subject-line-hours"
                    />
                  </Table.Td>
                  <Table.Td>
                    {canUpdate && (
                      <Tooltip label={locked ? t('planning.groups.lines.scheduled') : t('planning.groups.lines.remove')} openDelay={locked ? 0 : 300} withArrow>
                        {/* A disabled button fires no mouse events: the span keeps the tooltip. */}
                        <span data-testid="subject-line-remove-wrap">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            mt={4}
                            disabled={locked}
                            aria-label={locked ? t('planning.groups.lines.scheduled') : t('planning.groups.lines.remove')}
                            onClick={() => set('lines', lines.filter((_, k) => k !== index))}
                            data-testid="subject-line-remove"
                          >
                            ×
                          </ActionIcon>
                        </span>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        {canUpdate ? (
          <Button variant="light" onClick={() => set('lines', [...lines, { key: newKey(), schoolSubject: null, hours: null }])} data-testid="subject-line-add">
            {t('planning.groups.lines.add')}
          </Button>
        ) : (
          <span />
        )}
        <Group>
          <Text size="sm" c="dimmed" data-testid="subject-lines-total">{t('planning.groups.lines.total', { hours: formatHours(total) })}</Text>
          {canUpdate && (
            <Button type="submit" loading={form.submitting} disabled={!form.formik.dirty} data-testid="subject-lines-save">
              {t('planning.groups.lines.save')}
            </Button>
          )}
        </Group>
      </Group>
    </ServerForm>
  );
}
