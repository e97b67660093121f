import { SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampusChoice } from './useCampusChoice';

/** Picks the campus a page shows: tabs for a few campuses, a select beyond. */
export function CampusSwitch({ campuses, value, onChange }: { campuses: CampusChoice[]; value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const data = campuses.map((campus) => ({ value: campus.uuid, label: campus.name }));
  if (campuses.length <= 4) {
    return <SegmentedControl data={data} value={value ?? ''} onChange={onChange} aria-label={t('trainingCentre.campus.label')} data-testid="campus-switch" />;
  }
  return <Select data={data} value={value} onChange={(id) => id && onChange(id)} aria-label={t('trainingCentre.campus.label')} searchable allowDeselect={false} data-testid="campus-switch" />;
}
