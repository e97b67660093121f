import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { corporationSchema } from '@alterna/people/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { apiPaths, type Corporation } from './api';

const empty = { name: '', shortName: '', siret: '', streetAddress: '', addressSupplement: '', postalCode: '', addressLocality: '', addressCountry: 'FR' };

/** /corporations/new: a SIRET or a name already used is refused next to its field (SPEC §5). */
export function CorporationNewPage() {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const form = useServerForm<typeof empty, { corporation: Corporation; message: string }>({
    initialValues: empty,
    validationSchema: corporationSchema,
    action: apiPaths.corporationNew(),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('people.corporation', { id: result.corporation.id });
    },
  });
  return (
    <Stack gap="lg" maw={900} data-testid="corporation-new-page">
      <PageTitle
        title={t('people.corporationNew.title')}
        intro={t('people.corporationNew.intro')}
        back={<PageLink page="people.corporations">{t('people.common.backToCorporations')}</PageLink>}
      />
      <Card withBorder radius="lg" padding="lg">
        <ServerForm form={form} data-testid="corporation-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput id="name" label={t('people.corporation.name')} required {...form.inputProps('name')} />
            <TextInput id="shortName" label={t('people.corporation.shortName')} {...form.inputProps('shortName')} />
            <TextInput id="siret" label={t('people.corporation.siret')} description={t('people.corporation.siretHelp')} inputMode="numeric" {...form.inputProps('siret')} />
          </SimpleGrid>
          <Title order={2} fz="md" mt="xs">{t('people.corporation.address')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput id="streetAddress" label={t('people.corporation.streetAddress')} {...form.inputProps('streetAddress')} />
            <TextInput id="addressSupplement" label={t('people.corporation.addressSupplement')} {...form.inputProps('addressSupplement')} />
            <TextInput id="postalCode" label={t('people.corporation.postalCode')} {...form.inputProps('postalCode')} />
            <TextInput id="addressLocality" label={t('people.corporation.locality')} {...form.inputProps('addressLocality')} />
            <TextInput id="addressCountry" label={t('people.corporation.country')} maxLength={2} {...form.inputProps('addressCountry')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="corporation-save">{t('people.common.create')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
