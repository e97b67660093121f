import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { dayjs } from '../../../shared/dayjs';
import { useTranslation } from 'react-i18next';
import type { ServerFormApi } from '../../../shared/form';
import { errorMessage } from '../../../shared/http';
import { loadLessons, type LessonEvent } from '../calendar/api';
import { lessonLines } from '../calendar/events';
import type { PlanningOptions } from '../shared/api';
import { GroupsSelect, RoomsSelect, SubjectSelect, TeachersSelect } from '../shared/Selects';
import { formatSlot, mondayOf, parisDateTime, parisToday } from '../shared/time';
import { optionsOfCampuses } from '../shared/usePlanningOptions';
import type { MassEditValues } from './massEdit';
import { wizardError } from './wizard';
import { DateField } from '../../../shared/DateFields';

export interface SelectionFilters {
  campus: string | null;
  groups: string[];
  teachers: string[];
  rooms: string[];
  subject: string | null;
  from: string;
  to: string;
}

export function initialSelection(): SelectionFilters {
  const monday = mondayOf(parisToday());
  const sunday = dayjs.utc(monday).add(6, 'day').format('YYYY-MM-DD');
  return { campus: null, groups: [], teachers: [], rooms: [], subject: null, from: monday, to: sunday };
}

interface SelectionStepProps {
  form: ServerFormApi<MassEditValues>;
  options: PlanningOptions;
  tried: boolean;
  filters: SelectionFilters;
  onFilters: (filters: SelectionFilters) => void;
  lessons: LessonEvent[] | null;
  onLessons: (lessons: LessonEvent[]) => void;
}

/** Step 1: find lessons (campus, group, teacher, room, subject, period) and tick the ones to change. */
export function SelectionStep({ form, options, tried, filters, onFilters, lessons, onLessons }: SelectionStepProps) {
  const { t, i18n } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scoped = optionsOfCampuses(options, filters.campus ? [filters.campus] : []);
  const selected = new Set(form.formik.values.lessonIds);
  const patch = (change: Partial<SelectionFilters>) => onFilters({ ...filters, ...change });
  const select = (ids: string[]) => {
    void form.formik.setFieldValue('lessonIds', ids);
    form.clearFieldError('lessonIds');
  };

  const search = async () => {
    if (!filters.from || !filters.to) return;
    setLoading(true);
    try {
      const end = dayjs.utc(filters.to).add(1, 'day').format('YYYY-MM-DD');
      const found = await loadLessons({
        campusList: filters.campus ? [filters.campus] : options.campuses.map((c) => c.uuid),
        planningGroupsIdList: filters.groups,
        teachersIdList: filters.teachers,
        roomsIdList: filters.rooms,
        schoolSubjectId: filters.subject,
        startDate: parisDateTime(filters.from, '00:00'),
        endDate: parisDateTime(end, '00:00'),
      });
      const sorted = [...found].sort((a, b) => a.startDate.localeCompare(b.startDate));
      onLessons(sorted);
      // Keep only ticks that are still listed.
      const listed = new Set(sorted.map((l) => l.uuid));
      select(form.formik.values.lessonIds.filter((id) => listed.has(id)));
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  const all = lessons ?? [];
  const allTicked = all.length > 0 && all.every((l) => selected.has(l.uuid));
  const someTicked = all.some((l) => selected.has(l.uuid));
  const selectionError = wizardError(form, 'lessonIds', tried);
  return (
    <Stack gap="md" data-testid="step-selection">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label={t('planning.calendar.filters.campus')}
          placeholder={t('planning.calendar.filters.allCampuses')}
          data={options.campuses.map((c) => ({ value: c.uuid, label: c.name }))}
          value={filters.campus}
          onChange={(campus) => patch({ campus, groups: [], teachers: [], rooms: [] })}
          clearable
          data-testid="selection-campus"
        />
        <GroupsSelect label={t('planning.calendar.filters.groups')} groups={scoped.groups} value={filters.groups} onChange={(groups) => patch({ groups })} testId="selection-groups" />
        <TeachersSelect label={t('planning.calendar.filters.teachers')} teachers={scoped.teachers} value={filters.teachers} onChange={(teachers) => patch({ teachers })} testId="selection-teachers" />
        <RoomsSelect label={t('planning.calendar.filters.rooms')} rooms={scoped.rooms} value={filters.rooms} onChange={(rooms) => patch({ rooms })} testId="selection-rooms" />
        <SubjectSelect label={t('planning.calendar.filters.subject')} subjects={options.subjects} value={filters.subject} onChange={(subject) => patch({ subject })} testId="selection-subject" />
        <Group grow gap="xs" align="flex-start">
          <DateField label={t('planning.bulk.edit.from')} value={filters.from} onChange={(e) => patch({ from: e.currentTarget.value })} data-testid="selection-from" />
          <DateField label={t('planning.bulk.edit.to')} value={filters.to} onChange={(e) => patch({ to: e.currentTarget.value })} data-testid="selection-to" />
        </Group>
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="selection-count">
          {lessons ? t('planning.bulk.edit.selectedCount', { count: selected.size, total: all.length }) : t('planning.bulk.edit.searchHint')}
        </Text>
        <Button onClick={() => void search()} loading={loading} variant="light" data-testid="selection-search">
          {t('planning.bulk.edit.search')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <input type="hidden" id="lessonIds" name="lessonIds" value={form.formik.values.lessonIds.join(',')} />
      {selectionError && (
        <Alert color="red" variant="light" data-testid="selection-error">
          {selectionError}
        </Alert>
      )}
      {lessons && lessons.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="selection-empty">
          {t('planning.bulk.edit.noLessons')}
        </Text>
      )}
      {all.length > 0 && (
        <Table.ScrollContainer minWidth={720} mah={480}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover stickyHeader withTableBorder data-testid="selection-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('planning.bulk.edit.selectAll')}
                    checked={allTicked}
                    indeterminate={someTicked && !allTicked}
                    onChange={() => select(allTicked ? [] : all.map((l) => l.uuid))}
                    data-testid="selection-all"
                  />
                </Table.Th>
                <Table.Th>{t('planning.bulk.edit.when')}</Table.Th>
                <Table.Th>{t('planning.calendar.fields.schoolSubject')}</Table.Th>
                <Table.Th>{t('planning.calendar.fields.planningGroups')}</Table.Th>
                <Table.Th>{t('planning.calendar.fields.rooms')}</Table.Th>
                <Table.Th>{t('planning.calendar.fields.teachers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.map((lesson) => {
                const lines = lessonLines(lesson);
                const ticked = selected.has(lesson.uuid);
                return (
                  <Table.Tr key={lesson.uuid} data-testid="selection-row" data-lesson-id={lesson.uuid} bg={ticked ? 'var(--mantine-color-indigo-0)' : undefined}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('planning.bulk.edit.selectOne')}
                        checked={ticked}
                        onChange={() => select(ticked ? form.formik.values.lessonIds.filter((id) => id !== lesson.uuid) : [...form.formik.values.lessonIds, lesson.uuid])}
                        data-testid="selection-check"
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatSlot(lesson.startDate, lesson.endDate, i18n.language)}
                      {lesson.lessonStatus === 'locked' && (
                        <Badge ml={6} size="xs" color="orange" variant="light">
                          {t('planning.calendar.status.locked')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td fw={600}>{lines.subject || '—'}</Table.Td>
                    <Table.Td>{lines.groups || '—'}</Table.Td>
                    <Table.Td>{lines.rooms || '—'}</Table.Td>
                    <Table.Td>{lines.teachers || '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
