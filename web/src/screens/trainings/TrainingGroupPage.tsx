import { type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { usePageData } from '../../shared/queries';
import { loadGroup, type TrainingGroup } from './api';
import { can } from './fields';
import { usePageParams } from '../../page-params';

/** One training group (SPEC §2 /training-center/groups/{id}). */
export function TrainingGroupPage() {
  const { t } = useTranslation();
  const me = useMe();
  const { id = '' } = usePageParams('trainings.group');

  const page = usePageData(['trainings.group', id], () => loadGroup(id));
  // Never another group's page while this one loads.
  const group: TrainingGroup | null = page.data?.id === id ? page.data : null;
  const { error } = page;

  if (error) return <Alert color="red" variant="light" data-testid="group-error">{error}</Alert>;
  if (!group) return <Center p="xl"><Loader size="sm" /></Center>;

  const item = (label: string, value: ReactNode, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text>
      <Text data-testid={testId}>{value}</Text>
    </div>
  );

  return (
    <Stack gap="lg" data-testid="group-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={group.shortName} intro={group.name} back={<PageLink page="trainings.groups"><Text size="sm">← {t('trainings.groups.title')}</Text></PageLink>} titleTestId="group-title" />
        <Group gap="sm">
          {can(me?.permissions, 'booklets.form.read-all') && (
            <PageLink page="booklets.group" params={{ id: group.id }} data-testid="group-booklets">
              <Button component="span" variant="light">{t('booklets.links.group')}</Button>
            </PageLink>
          )}
          {can(me?.permissions, 'trainings.group.update') && (
            <PageLink page="trainings.groupEdit" params={{ id: group.id }} data-testid="group-edit">
              <Button component="span">{t('trainings.common.edit')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {item(t('trainings.groups.training'), `${group.training.shortName} – ${group.training.name}`)}
          {item(
            t('trainings.groups.variant'),
            <PageLink page="trainings.planVariant" params={{ id: group.training.id, variant: group.variant.id }}>
              <Badge variant="light" style={{ cursor: 'pointer' }}>{group.variant.name}</Badge>
            </PageLink>,
            'group-variant',
          )}
          {item(t('trainings.groups.campus'), group.campus.name, 'group-campus')}
          {item(t('trainings.common.session'), group.trainingSession.name)}
          {item(t('trainings.groups.startDate'), formatDate(group.startDate))}
          {item(t('trainings.groups.endDate'), formatDate(group.endDate))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
