import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { loadCorporation, type CorporationView } from './api';
import { AssociateForm } from './AssociateForm';
import { can, formatSiret, permissionIds } from './fields';
import { PeopleTable } from './PeopleTable';
import { usePageParams } from '../../page-params';

/** A corporation: its details, contacts and tutors; add a contact or a tutor, associate an existing tutor. */
export function CorporationPage() {
  const { id = '' } = usePageParams('people.corporation');
  const { t } = useTranslation();
  const me = useMe();
  const canChange = can(me?.permissions, permissionIds.corporationUpdate);
  const [associating, setAssociating] = useState(false);

  const page = usePageData(['people.corporation', id], () => loadCorporation(id));
  // Never another corporation's page while this one loads.
  const corporation: CorporationView | null = page.data?.id === id ? page.data : null;
  const { error, reload: load } = page;

  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!corporation) return <Center p="xl"><Loader size="sm" /></Center>;
  const address = [corporation.streetAddress, corporation.addressSupplement, [corporation.postalCode, corporation.addressLocality].filter(Boolean).join(' '), corporation.addressCountry].filter(Boolean).join(', ');
  return (
    <Stack gap="lg" maw={1000} data-testid="corporation-page">
      <PageTitle
        title={corporation.shortName || corporation.name}
        titleTestId="corporation-title"
        intro={corporation.shortName ? corporation.name : undefined}
        back={<PageLink page="people.corporations">{t('people.common.backToCorporations')}</PageLink>}
      />
      <Card withBorder radius="lg" padding="lg">
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed">{t('people.corporation.siret')}</Text>
            <Text fw={600} data-testid="corporation-siret">{formatSiret(corporation.siret) || '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">{t('people.corporation.address')}</Text>
            <Text>{address || t('people.corporation.noAddress')}</Text>
          </div>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">{t('people.corporation.contacts')}</Title>
          {canChange && (
            <PageLink page="people.contactNew" params={{ id: corporation.id }} data-testid="contact-new">
              <Button component="span" size="xs" variant="light">{t('people.corporation.addContact')}</Button>
            </PageLink>
          )}
        </Group>
        <PeopleTable people={corporation.contacts} editPage="people.actorEdit" testId="contacts" />
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">{t('people.corporation.tutors')}</Title>
          {canChange && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setAssociating(true)} data-testid="tutor-associate">{t('people.corporation.associateTutor')}</Button>
              <PageLink page="people.corporationTutorNew" params={{ id: corporation.id }} data-testid="tutor-new">
                <Button component="span" size="xs" variant="light">{t('people.corporation.addTutor')}</Button>
              </PageLink>
            </Group>
          )}
        </Group>
        <PeopleTable people={corporation.tutors} editPage="people.tutorEdit" testId="tutors" />
      </Card>
      <Modal opened={associating} onClose={() => setAssociating(false)} title={t('people.corporation.associateTutor')} size="lg" centered>
        <AssociateForm
          corporation={corporation}
          onDone={async (message) => {
            toast.success(message);
            setAssociating(false);
            await load();
          }}
        />
      </Modal>
    </Stack>
  );
}
