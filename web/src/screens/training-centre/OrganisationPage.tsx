import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { organisationSchema, type OrganisationInput } from '@alterna/training-centre/validation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { usePageQuery } from '../../shared/page-query';
import { toast } from '../../shared/toast';
import { organisationUrl } from './api';
import { organisationQuery } from './queries';
import { CampusSwitch } from './CampusSwitch';
import { useCampusChoice } from './useCampusChoice';

const empty: OrganisationInput = { name: '', siret: '', activityDeclarationNumber: '', streetAddress: '', postalCode: '', city: '' };
const formValues = (identity: OrganisationInput | null): OrganisationInput =>
  identity ? Object.fromEntries(Object.keys(empty).map((key) => [key, identity[key as keyof OrganisationInput]])) as OrganisationInput : empty;
const hinted = { siret: true, activityDeclarationNumber: true };
const fields = [['name'], ['siret', 'activityDeclarationNumber'], ['streetAddress'], ['postalCode', 'city']] as const;

/** The organisation's identity on a campus (issue #24): what its certificates of completion state to the OPCOs. */
export function OrganisationPage() {
  const { t } = useTranslation();
  const { campuses, campus, setCampusId, error: campusError } = useCampusChoice();
  const campusId = campus?.uuid ?? null;
  // Loaded by the route's loader (page-loaders.ts) for the first campus; another campus chosen loads here.
  const page = usePageQuery(organisationQuery, {}, { campusId: campusId ?? '' }, { enabled: !!campusId });
  const canEdit = !!page.data?.canEdit;
  const form = useServerForm<OrganisationInput>({
    initialValues: formValues(page.data?.identity ?? null),
    enableReinitialize: true,
    validationSchema: organisationSchema,
    action: (values) => requestJson('POST', organisationUrl(campusId!), values),
    onSuccess: () => {
      toast.success(t('trainingCentre.organisation.saved'));
      void page.reload();
    },
  });
  return (
    <Stack gap="lg" maw={900} data-testid="organisation-page">
      <PageTitle title={t('trainingCentre.organisation.title')} intro={t('trainingCentre.organisation.intro')} />
      {campuses && campuses.length > 1 && <CampusSwitch campuses={campuses} value={campusId} onChange={setCampusId} />}
      {(campusError || page.error) && <Alert color="red" variant="light" role="alert">{campusError ?? page.error}</Alert>}
      {page.data && (
        <Card withBorder radius="lg" padding="lg">
          <ServerForm form={form} key={campusId}>
            {fields.map((pair) => (
              <SimpleGrid key={pair[0]} cols={{ base: 1, sm: pair.length }}>
                {pair.map((name) => (
                  <TextInput
                    key={name} id={name} label={t(`trainingCentre.organisation.${name}`)} description={name in hinted ? t(`trainingCentre.organisation.hints.${name}`) : undefined}
                    required disabled={!canEdit} data-testid={`organisation-${name}`} {...form.inputProps(name)}
                  />
                ))}
              </SimpleGrid>
            ))}
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={form.submitting} data-testid="organisation-save">{t('trainingCentre.save')}</Button>
              </Group>
            )}
          </ServerForm>
        </Card>
      )}
    </Stack>
  );
}
