import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormikValues } from 'formik';
import type { ServerFormApi } from '../../shared/form';
import type { FormCampus } from './api';
import { selectProps } from './fields';

/** The campus of a person's access rule and, unless the screen fixes it, the typology given there. */
export function CampusFields<V extends FormikValues>({ form, campuses, withTypology }: { form: ServerFormApi<V>; campuses: FormCampus[]; withTypology: boolean }) {
  const { t } = useTranslation();
  const campus = selectProps(form, 'campusId');
  const typology = selectProps(form, 'typology');
  const offered = campuses.find((c) => c.id === campus.value)?.typologies ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('people.person.campus')}
        placeholder={t('people.person.campusPlaceholder')}
        required
        data={campuses.map((c) => ({ value: c.id, label: c.name }))}
        data-testid="person-campus"
        {...campus}
        onChange={(value) => {
          campus.onChange(value);
          const next = campuses.find((c) => c.id === value)?.typologies ?? [];
          if (withTypology && typology.value && !next.includes(typology.value)) typology.onChange(null);
        }}
      />
      {withTypology && (
        <Select
          label={t('people.person.typology')}
          placeholder={t('people.person.typologyPlaceholder')}
          required
          disabled={!campus.value}
          data={offered.map((reference) => ({ value: reference, label: t(`typologies.${reference}`) }))}
          data-testid="person-typology"
          {...typology}
        />
      )}
    </SimpleGrid>
  );
}
