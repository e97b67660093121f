import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Checkbox, Group, Loader, Modal, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { trainingSchema } from '@alterna/trainings/validation';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { apiPaths, type Training } from './api';
import { can, fieldProps } from './fields';
import { usePageQuery } from '../../shared/page-query';
import { trainingsQuery } from './queries';
import { HiddenHeader } from '../../shared/HiddenHeader';

/** Trainings list; the creation dialog opens on /training-center/trainings/new (SPEC §2). */
export function TrainingsPage({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const canChange = can(me?.permissions, 'trainings.training.update');
  // Loaded by the route's loader (page-loaders.ts): the list is in the cache when the page renders.
  const page = usePageQuery(trainingsQuery, {}, {});
  const trainings: Training[] | null = page.data ?? null;
  const { error, reload: load } = page;
  const [editing, setEditing] = useState<Training | null>(null);

  const closeDialog = () => {
    setEditing(null);
    if (creating) void goTo('trainings.list');
  };

  return (
    <Stack gap="lg" data-testid="trainings-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainings.list.title')} intro={t('trainings.list.intro')} />
        <Group gap="sm">
          {can(me?.permissions, 'trainings.export') && (
            <Button component="a" href={apiPaths.export()} variant="default" data-testid="training-centre-export">{t('trainings.list.export')}</Button>
          )}
          {canChange && (
            <PageLink page="trainings.new" data-testid="training-new">
              <Button component="span">{t('trainings.list.new')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {trainings === null ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : trainings.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('trainings.list.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="trainings-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('trainings.list.shortName')}</Table.Th>
                  <Table.Th>{t('trainings.list.name')}</Table.Th>
                  <Table.Th>{t('trainings.list.campuses')}</Table.Th>
                  <Table.Th>{t('trainings.list.published')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trainings.map((training) => (
                  <Table.Tr key={training.id} data-testid="training-row" data-short-name={training.shortName}>
                    <Table.Td fw={600}>{training.shortName}</Table.Td>
                    <Table.Td>{training.name}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>{training.campuses.map((c) => <Badge key={c.id} variant="outline" color="gray">{c.name}</Badge>)}</Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge variant="light" style={{ overflow: 'visible', maxWidth: 'none' }} styles={{ label: { overflow: 'visible' } }} color={training.isPublished ? 'teal' : 'gray'}>
                        {t(training.isPublished ? 'trainings.list.publishedYes' : 'trainings.list.publishedNo')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <PageLink page="trainings.plan" params={{ id: training.id }} data-testid="training-plan-link">
                          <Button size="xs" variant="light" component="span">{t('trainings.list.plan')}</Button>
                        </PageLink>
                        {canChange && (
                          <Button size="xs" variant="default" onClick={() => setEditing(training)} data-testid="training-edit">{t('trainings.common.edit')}</Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Modal
        opened={creating || editing !== null}
        onClose={closeDialog}
        title={t(editing ? 'trainings.dialog.editTitle' : 'trainings.dialog.createTitle')}
        size="lg"
        centered
      >
        <TrainingForm
          key={editing?.id ?? 'new'}
          training={editing}
          onDone={async (message, training) => {
            toast.success(message);
            setEditing(null);
            await load();
            if (creating) await goTo('trainings.plan', { id: training.id });
          }}
        />
      </Modal>
    </Stack>
  );
}

export function NewTrainingPage() {
  return <TrainingsPage creating />;
}

interface TrainingValues {
  name: string;
  shortName: string;
  isPublished: boolean;
  campusIds: string[];
}

function TrainingForm({ training, onDone }: { training: Training | null; onDone: (message: string, training: Training) => Promise<void> }) {
  const { t } = useTranslation();
  const me = useMe();
  const form = useServerForm<TrainingValues, { message: string; training: Training }>({
    initialValues: {
      name: training?.name ?? '',
      shortName: training?.shortName ?? '',
      isPublished: training?.isPublished ?? false,
      campusIds: training?.campuses.map((c) => c.id) ?? (me?.campuses.length === 1 ? [me.campuses[0]!.id] : []),
    },
    validationSchema: trainingSchema,
    action: training ? apiPaths.trainingEdit(training.id) : apiPaths.trainings(),
    onSuccess: (result) => onDone(result.message, result.training),
  });
  const campuses = fieldProps<TrainingValues, string[]>(form, 'campusIds');
  return (
    <ServerForm form={form} data-testid="training-form">
      <TextInput id="name" label={t('trainings.dialog.name')} required {...form.inputProps('name')} />
      <TextInput id="shortName" label={t('trainings.dialog.shortName')} required {...form.inputProps('shortName')} />
      <Checkbox.Group id="campusIds" label={t('trainings.dialog.campuses')} withAsterisk value={campuses.value} onChange={campuses.onChange} error={campuses.error}>
        <Group mt="xs">
          {(me?.campuses ?? []).map((campus) => (
            <Checkbox key={campus.id} value={campus.id} label={campus.name} name="campusIds" data-testid={`campus-${campus.name}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        id="isPublished"
        label={t('trainings.dialog.published')}
        checked={form.formik.values.isPublished}
        onChange={(e) => void form.formik.setFieldValue('isPublished', e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={form.submitting} data-testid="training-save">{t('trainings.common.save')}</Button>
      </Group>
    </ServerForm>
  );
}
