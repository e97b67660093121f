import { Alert, Button, Card, Center, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactSchema } from '@alterna/people/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, loadCorporation, loadFormCampuses, type FormCampus } from './api';
import { CampusFields } from './CampusFields';
import { DuplicateWarning } from './DuplicateWarning';
import { PersonFields } from './PersonFields';
import { usePersonForm } from './usePersonForm';
import { usePageParams } from '../../page-params';

type Role = 'contact' | 'tutor';

/** /corporations/{id}/contacts/new */
export function ContactNewPage() {
  return <CorporationPersonNewPage role="contact" />;
}

/** /corporations/{id}/tutors/new */
export function CorporationTutorNewPage() {
  return <CorporationPersonNewPage role="tutor" />;
}

function CorporationPersonNewPage({ role }: { role: Role }) {
  const { id = '' } = usePageParams('people.contactNew', 'people.corporationTutorNew');
  const { t } = useTranslation();
  const corporation = usePageData(['people.corporation', id], () => loadCorporation(id));
  const formCampuses = usePageData(['people.form-campuses'], () => loadFormCampuses());
  const data = corporation.data?.id === id && formCampuses.data ? { corporation: corporation.data, campuses: formCampuses.data } : null;
  const error = corporation.error ?? formCampuses.error;
  const name = data ? data.corporation.shortName || data.corporation.name : '';
  return (
    <Stack gap="lg" maw={900} data-testid={`${role}-new-page`}>
      <PageTitle
        title={t(role === 'contact' ? 'people.contactNew.title' : 'people.tutorNew.title')}
        intro={data ? t(role === 'contact' ? 'people.contactNew.intro' : 'people.tutorNew.introCorporation', { name }) : undefined}
        back={<PageLink page="people.corporation" params={{ id }}>{t('people.common.backTo', { name: name || '…' })}</PageLink>}
      />
      {error && <Alert color="red" variant="light">{error}</Alert>}
      {!data ? !error && <Center p="xl"><Loader size="sm" /></Center> : <PersonForm role={role} corporationId={id} campuses={data.campuses} />}
    </Stack>
  );
}

function PersonForm({ role, corporationId, campuses }: { role: Role; corporationId: string; campuses: FormCampus[] }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const { form, duplicates, dismissDuplicates, ignoreDuplicates } = usePersonForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', campusId: campuses.length === 1 ? campuses[0]!.id : null },
    validationSchema: contactSchema,
    url: () => (role === 'contact' ? apiPaths.contactNew(corporationId) : apiPaths.corporationTutorNew(corporationId)),
    onSaved: async (_actor, message) => {
      toast.success(message);
      await goTo('people.corporation', { id: corporationId });
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <ServerForm form={form} data-testid={`${role}-form`}>
        <PersonFields form={form} />
        <CampusFields form={form} campuses={campuses} withTypology={false} />
        {duplicates ? (
          <DuplicateWarning duplicates={duplicates} ignoreLabel={t('people.duplicates.ignoreCreate')} onIgnore={ignoreDuplicates} onCancel={dismissDuplicates} submitting={form.submitting} />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid={`${role}-save`}>{t('people.common.create')}</Button>
          </Group>
        )}
      </ServerForm>
    </Card>
  );
}
