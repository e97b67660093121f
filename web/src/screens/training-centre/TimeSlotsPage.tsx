import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Center, Group, Loader, Menu, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { usePageQuery } from '../../shared/page-query';
import { gql } from '../../shared/gql';
import { mutations, type ModelTimeSlot, type TimeSlot } from './api';
import { modelsQuery } from './queries';
import { CampusSwitch } from './CampusSwitch';
import { confirmAndRun } from './remove';
import { ModelDialog, SlotDialog } from './TimeSlotDialogs';
import { useCampusChoice } from './useCampusChoice';
import { HiddenHeader } from '../../shared/HiddenHeader';

type Dialog = { kind: 'model'; model: ModelTimeSlot | null } | { kind: 'slot'; modelId: string | null; slot: TimeSlot | null };

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Time-slot models of a campus, each with its slots. */
export function TimeSlotsPage() {
  const { t } = useTranslation();
  const { campuses, campus, setCampusId, error: campusError } = useCampusChoice();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const campusId = campus?.uuid ?? null;
  // Loaded by the route's loader (page-loaders.ts) for the first campus; another campus chosen loads here.
  const page = usePageQuery(modelsQuery, {}, { campusId: campusId ?? '' }, { enabled: !!campusId });
  const models: ModelTimeSlot[] | null = page.data ?? null;
  const { error: loadError, reload: load } = page;

  const saved = () => {
    setDialog(null);
    void load();
  };
  const canEdit = campus?.canEdit ?? false;
  const duration = (slot: TimeSlot) => {
    const total = minutes(slot.endTime) - minutes(slot.startTime);
    return t('trainingCentre.timeSlots.duration', { hours: Math.floor(total / 60), minutes: String(total % 60).padStart(2, '0') });
  };

  const removeModel = (model: ModelTimeSlot) =>
    confirmAndRun({
      title: t('trainingCentre.timeSlots.deleteModelTitle'),
      message: t('trainingCentre.timeSlots.deleteModelConfirm', { name: model.name, count: model.timeSlots.length }),
      run: () => gql(mutations.deleteModel, { input: { id: model.uuid } }),
      done: t('trainingCentre.timeSlots.modelDeleted'),
    }).then((done) => {
      if (done) void load();
    });
  const removeSlot = (slot: TimeSlot) =>
    confirmAndRun({
      title: t('trainingCentre.timeSlots.deleteSlotTitle'),
      message: t('trainingCentre.timeSlots.deleteSlotConfirm', { start: slot.startTime, end: slot.endTime }),
      run: () => gql(mutations.deleteSlot, { input: { id: slot.uuid } }),
      done: t('trainingCentre.timeSlots.slotDeleted'),
    }).then((done) => {
      if (done) void load();
    });

  return (
    <Stack gap="lg" maw={1200} data-testid="time-slots-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainingCentre.timeSlots.title')} intro={t('trainingCentre.timeSlots.intro')} />
        {canEdit && (
          <Group gap="xs">
            <Button variant="light" onClick={() => setDialog({ kind: 'slot', modelId: null, slot: null })} data-testid="slot-new" disabled={!models?.length}>
              {t('trainingCentre.timeSlots.newSlot')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'model', model: null })} data-testid="model-new">
              {t('trainingCentre.timeSlots.newModel')}
            </Button>
          </Group>
        )}
      </Group>
      {campuses && campuses.length > 1 && (
        <Group>
          <CampusSwitch campuses={campuses} value={campusId} onChange={setCampusId} />
        </Group>
      )}

      {(campusError || loadError) && (
        <Alert color="red" variant="light" role="alert">
          {campusError ?? loadError}
        </Alert>
      )}
      {campuses?.length === 0 && <Text c="dimmed">{t('trainingCentre.campuses.empty')}</Text>}
      {models === null ? (
        campusId && !loadError && (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        )
      ) : models.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center" data-testid="models-empty">
            {t('trainingCentre.timeSlots.empty')}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {models.map((model) => (
            <Card key={model.uuid} withBorder radius="lg" padding="lg" data-testid="model-card" data-model-name={model.name}>
              <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Title order={2} fz={18}>
                    {model.name}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {t('trainingCentre.timeSlots.count', { count: model.timeSlots.length })}
                  </Text>
                </Stack>
                {canEdit && (
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'slot', modelId: model.uuid, slot: null })} data-testid="model-add-slot">
                      {t('trainingCentre.timeSlots.addSlot')}
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="default" size="lg" aria-label={t('trainingCentre.actions')} data-testid="model-actions">
                          ⋯
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setDialog({ kind: 'model', model })}>{t('trainingCentre.rename')}</Menu.Item>
                        <Menu.Item color="red" onClick={() => void removeModel(model)} data-testid="model-delete">
                          {t('trainingCentre.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                )}
              </Group>
              {model.timeSlots.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('trainingCentre.timeSlots.noSlot')}
                </Text>
              ) : (
                <Table verticalSpacing={6} striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('trainingCentre.timeSlots.start')}</Table.Th>
                      <Table.Th>{t('trainingCentre.timeSlots.end')}</Table.Th>
                      <Table.Th>{t('trainingCentre.timeSlots.length')}</Table.Th>
                      <HiddenHeader />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {model.timeSlots.map((slot) => (
                      <Table.Tr key={slot.uuid} data-testid="slot-row">
                        <Table.Td ff="monospace">{slot.startTime}</Table.Td>
                        <Table.Td ff="monospace">{slot.endTime}</Table.Td>
                        <Table.Td c="dimmed">{duration(slot)}</Table.Td>
                        <Table.Td ta="right">
                          {canEdit && (
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Button size="compact-xs" variant="default" onClick={() => setDialog({ kind: 'slot', modelId: model.uuid, slot })}>
                                {t('trainingCentre.edit')}
                              </Button>
                              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void removeSlot(slot)}>
                                {t('trainingCentre.delete')}
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}

      {dialog?.kind === 'model' && campusId && <ModelDialog campusId={campusId} model={dialog.model} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'slot' && models && (
        <SlotDialog models={models} modelId={dialog.modelId} slot={dialog.slot} onClose={() => setDialog(null)} onSaved={saved} />
      )}
    </Stack>
  );
}
