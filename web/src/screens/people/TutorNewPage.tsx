import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tutorSchema } from '@alterna/people/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { SearchSelect, formatCompanyOption } from '../../shared/SearchSelect';
import { toast } from '../../shared/toast';
import { apiPaths, loadFormCampuses, searchCorporations, type CorporationOption, type FormCampus } from './api';
import { CampusFields } from './CampusFields';
import { DuplicateWarning } from './DuplicateWarning';
import { PersonFields } from './PersonFields';
import { usePersonForm } from './usePersonForm';

/** /tutors/new: a tutor on a campus, with their corporation if known already. */
export function TutorNewPage() {
  const { t } = useTranslation();
  const page = usePageData(['people.form-campuses'], () => loadFormCampuses());
  const campuses: FormCampus[] | null = page.data ?? null;
  const { error } = page;
  return (
    <Stack gap="lg" maw={900} data-testid="tutor-new-page">
      <PageTitle title={t('people.tutorNew.title')} intro={t('people.tutorNew.intro')} back={<PageLink page="people.tutors">{t('people.common.backToTutors')}</PageLink>} />
      {error && <Alert color="red" variant="light">{error}</Alert>}
      {!campuses ? !error && <Center p="xl"><Loader size="sm" /></Center> : <TutorForm campuses={campuses} />}
    </Stack>
  );
}

function TutorForm({ campuses }: { campuses: FormCampus[] }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const [corporation, setCorporation] = useState<CorporationOption | null>(null);
  const { form, duplicates, dismissDuplicates, ignoreDuplicates } = usePersonForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', campusId: campuses.length === 1 ? campuses[0]!.id : null, corporationId: null as string | null },
    validationSchema: tutorSchema,
    url: apiPaths.tutorNew,
    onSaved: async (actor, message) => {
      toast.success(message);
      await goTo('people.tutorEdit', { id: actor.id });
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <ServerForm form={form} data-testid="tutor-form">
        <PersonFields form={form} />
        <CampusFields form={form} campuses={campuses} withTypology={false} />
        <SearchSelect<CorporationOption>
          id="corporationId"
          label={t('people.associate.corporation')}
          description={t('people.tutorNew.corporationHelp')}
          placeholder={t('people.associate.searchPlaceholder')}
          loadOptions={searchCorporations}
          formatOption={formatCompanyOption}
          value={form.formik.values.corporationId}
          selected={corporation}
          onChange={(value, item) => {
            setCorporation(item);
            void form.formik.setFieldValue('corporationId', value);
            form.clearFieldError('corporationId');
          }}
          error={form.fieldError('corporationId')}
          data-testid="tutor-corporation"
        />
        {duplicates ? (
          <DuplicateWarning duplicates={duplicates} ignoreLabel={t('people.duplicates.ignoreCreate')} onIgnore={ignoreDuplicates} onCancel={dismissDuplicates} submitting={form.submitting} />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="tutor-save">{t('people.common.create')}</Button>
          </Group>
        )}
      </ServerForm>
    </Card>
  );
}
