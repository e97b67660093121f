import { Alert, Button, Card, Center, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { actorSchema } from '@alterna/people/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, loadFormCampuses, type FormCampus } from './api';
import { CampusFields } from './CampusFields';
import { DuplicateWarning } from './DuplicateWarning';
import { PersonFields } from './PersonFields';
import { usePersonForm } from './usePersonForm';

/** /actor/new: a person with a typology on a campus, with the duplicate warning (SPEC §2, §5). */
export function ActorNewPage() {
  const { t } = useTranslation();
  const page = usePageData(['people.form-campuses'], () => loadFormCampuses());
  const campuses: FormCampus[] | null = page.data ?? null;
  const { error } = page;
  return (
    <Stack gap="lg" maw={900} data-testid="actor-new-page">
      <PageTitle
        title={t('people.actorNew.title')}
        intro={t('people.actorNew.intro')}
        back={<PageLink page="people.actors">{t('people.common.backToPeople')}</PageLink>}
      />
      {error && <Alert color="red" variant="light">{error}</Alert>}
      {!campuses ? !error && <Center p="xl"><Loader size="sm" /></Center> : <ActorForm campuses={campuses} />}
    </Stack>
  );
}

function ActorForm({ campuses }: { campuses: FormCampus[] }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const { form, duplicates, dismissDuplicates, ignoreDuplicates } = usePersonForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', campusId: campuses.length === 1 ? campuses[0]!.id : null, typology: null as string | null },
    validationSchema: actorSchema,
    url: apiPaths.actorNew,
    onSaved: async (actor, message) => {
      toast.success(message);
      await goTo('people.actorEdit', { id: actor.id });
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <ServerForm form={form} data-testid="actor-form">
        <PersonFields form={form} />
        <CampusFields form={form} campuses={campuses} withTypology />
        {duplicates ? (
          <DuplicateWarning duplicates={duplicates} ignoreLabel={t('people.duplicates.ignoreCreate')} onIgnore={ignoreDuplicates} onCancel={dismissDuplicates} submitting={form.submitting} />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="actor-save">{t('people.common.create')}</Button>
          </Group>
        )}
      </ServerForm>
    </Card>
  );
}
