import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampusOption, GroupOption, RoomOption, SubjectOption, TeacherOption } from './api';
import { personLabel } from './labels';

type Multi = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & { value: string[]; onChange: (value: string[]) => void; testId?: string };
type Single = Omit<SelectProps, 'data' | 'value' | 'onChange'> & { value: string | null; onChange: (value: string | null) => void; testId?: string };

const common = { searchable: true, clearable: true, nothingFoundMessage: undefined as string | undefined, comboboxProps: { withinPortal: true } };
// The search field beside the chips may shrink (Mantine keeps 100px), so one chip does not wrap the field.
const multi = { ...common, styles: { inputField: { minWidth: '2.5rem' } } };

/** Rooms grouped by building, shown 'S101 (24)'. */
export function RoomsSelect({ rooms, testId, ...props }: Multi & { rooms: RoomOption[] }) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const byBuilding = new Map<string, { value: string; label: string }[]>();
    for (const room of rooms) {
      const group = `${room.buildingName} · ${room.campusName}`;
      byBuilding.set(group, [...(byBuilding.get(group) ?? []), { value: room.uuid, label: t('planning.calendar.roomOption', { name: room.name, size: room.size }) }]);
    }
    return [...byBuilding].map(([group, items]) => ({ group, items }));
  }, [rooms, t]);
  return <MultiSelect {...multi} nothingFoundMessage={t('planning.calendar.nothingFound')} data={data} data-testid={testId} {...props} />;
}

export function TeachersSelect({ teachers, testId, ...props }: Multi & { teachers: TeacherOption[] }) {
  const { t } = useTranslation();
  const data = useMemo(
    () => [...teachers].sort((a, b) => personLabel(a).localeCompare(personLabel(b))).map((teacher) => ({ value: teacher.uuid, label: personLabel(teacher) })),
    [teachers],
  );
  return <MultiSelect {...multi} nothingFoundMessage={t('planning.calendar.nothingFound')} data={data} data-testid={testId} {...props} />;
}

export function GroupsSelect({ groups, testId, ...props }: Multi & { groups: GroupOption[] }) {
  const { t } = useTranslation();
  const data = useMemo(() => groups.map((group) => ({ value: group.uuid, label: group.name })), [groups]);
  return <MultiSelect {...multi} nothingFoundMessage={t('planning.calendar.nothingFound')} data={data} data-testid={testId} {...props} />;
}

/** 'CGE – Culture générale'. */
export function SubjectSelect({ subjects, testId, ...props }: Single & { subjects: SubjectOption[] }) {
  const { t } = useTranslation();
  const data = useMemo(() => subjects.map((subject) => ({ value: subject.uuid, label: `${subject.shortName} – ${subject.name}` })), [subjects]);
  return <Select {...common} nothingFoundMessage={t('planning.calendar.nothingFound')} data={data} data-testid={testId} {...props} />;
}

export function CampusesSelect({ campuses, testId, ...props }: Multi & { campuses: CampusOption[] }) {
  const data = useMemo(() => campuses.map((campus) => ({ value: campus.uuid, label: campus.name })), [campuses]);
  return <MultiSelect {...multi} data={data} data-testid={testId} {...props} />;
}

export function CampusSelect({ campuses, testId, ...props }: Single & { campuses: CampusOption[] }) {
  const data = useMemo(() => campuses.map((campus) => ({ value: campus.uuid, label: campus.name })), [campuses]);
  return <Select {...common} data={data} data-testid={testId} {...props} />;
}
