import { Button, Card, Group, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanningOptions } from '../shared/api';
import { GroupsSelect, RoomsSelect, SubjectSelect, TeachersSelect } from '../shared/Selects';
import type { PageSearch, PageSearchChange } from '../../../page-search';

interface FilterBarProps {
  filters: PageSearch<'planning.calendar'>;
  /** Options of the viewer's campuses (narrowed to the chosen campus by the caller). */
  options: PlanningOptions;
  campuses: PlanningOptions['campuses'];
  onChange: (patch: PageSearchChange<'planning.calendar'>) => void;
}

/** Campus, planning groups, rooms, teachers and subject of the calendar. */
export function FilterBar({ filters, options, campuses, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  const any = filters.groups.length + filters.rooms.length + filters.teachers.length > 0 || !!filters.subject;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="calendar-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        <Select
          label={t('planning.calendar.filters.campus')}
          placeholder={t('planning.calendar.filters.allCampuses')}
          data={campuses.map((campus) => ({ value: campus.uuid, label: campus.name }))}
          value={filters.campus}
          onChange={(campus) => onChange({ campus, groups: [], rooms: [], teachers: [] })}
          clearable
          data-testid="filter-campus"
        />
        <GroupsSelect
          label={t('planning.calendar.filters.groups')}
          placeholder={filters.groups.length ? undefined : t('planning.calendar.filters.all')}
          groups={options.groups}
          value={filters.groups}
          onChange={(groups) => onChange({ groups })}
          testId="filter-groups"
        />
        <RoomsSelect
          label={t('planning.calendar.filters.rooms')}
          placeholder={filters.rooms.length ? undefined : t('planning.calendar.filters.all')}
          rooms={options.rooms}
          value={filters.rooms}
          onChange={(rooms) => onChange({ rooms })}
          testId="filter-rooms"
        />
        <TeachersSelect
          label={t('planning.calendar.filters.teachers')}
          placeholder={filters.teachers.length ? undefined : t('planning.calendar.filters.all')}
          teachers={options.teachers}
          value={filters.teachers}
          onChange={(teachers) => onChange({ teachers })}
          testId="filter-teachers"
        />
        <SubjectSelect
          label={t('planning.calendar.filters.subject')}
          placeholder={t('planning.calendar.filters.all')}
          subjects={options.subjects}
          value={filters.subject}
          onChange={(subject) => onChange({ subject })}
          testId="filter-subject"
        />
        <Group align="flex-end">
          {any && (
            <Button variant="subtle" onClick={() => onChange({ groups: [], rooms: [], teachers: [], subject: null })} data-testid="filter-reset">
              {t('planning.calendar.filters.reset')}
            </Button>
          )}
        </Group>
      </SimpleGrid>
    </Card>
  );
}
