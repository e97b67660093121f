import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Card, Center, Group, Loader, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { roomsEditSchema } from '@alterna/training-centre/validation';
import { PageLink } from '../../navigation';
import { DecimalInput } from '../../shared/DecimalInput';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { placeRoutes } from './api';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { usePageParams } from '../../page-params';

interface BuildingView {
  id: string;
  name: string;
  site: { id: string; name: string; campus: { id: string; name: string } };
  rooms: { id: string; name: string; size: number }[];
}

interface RoomRow {
  id: string | null;
  name: string;
  size: number | null;
}

/** /training-center/{building}/rooms/edit: the rooms of a building in one form (add, rename, resize, remove). */
export function RoomsEditPage() {
  const { t } = useTranslation();
  const { building: buildingId = '' } = usePageParams('trainingCentre.rooms');
  const page = usePageData(['training-centre.rooms', buildingId], async () => (await requestJson<{ building: BuildingView }>('GET', placeRoutes.rooms(buildingId))).building);
  // Never another building's rooms in the form while this one loads.
  const building: BuildingView | null = page.data?.id === buildingId ? page.data : null;
  const { error: loadError, reload: load } = page;

  const form = useServerForm<{ rooms: RoomRow[] }, { message: string }>({
    initialValues: { rooms: (building?.rooms ?? []).map((room) => ({ id: room.id, name: room.name, size: room.size })) },
    enableReinitialize: true,
    validationSchema: roomsEditSchema,
    action: placeRoutes.rooms(buildingId),
    toPayload: (values) => ({ rooms: values.rooms.map((room) => ({ id: room.id, name: room.name, size: room.size })) }),
    onSuccess: async (data) => {
      toast.success(data.message);
      await load();
    },
  });
  const rows = form.formik.values.rooms;
  const setRows = (next: RoomRow[]) => {
    form.clearServerErrors();
    void form.formik.setFieldValue('rooms', next);
  };

  if (loadError) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="rooms-error">
        {loadError}
      </Alert>
    );
  }
  if (!building) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }

  return (
    <Stack gap="lg" maw={900} data-testid="rooms-page">
      <Breadcrumbs>
        <Anchor component={PageLink} page="trainingCentre.campuses" size="sm">
          {t('trainingCentre.campuses.title')}
        </Anchor>
        <Text size="sm">{building.site.campus.name}</Text>
        <Text size="sm">{building.site.name}</Text>
      </Breadcrumbs>
      <PageTitle title={t('trainingCentre.rooms.title', { building: building.name })} intro={t('trainingCentre.rooms.intro')} />
      <Card withBorder radius="lg" padding="lg">
        <ServerForm form={form} data-testid="rooms-form">
          {rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('trainingCentre.rooms.none')}
            </Text>
          ) : (
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('trainingCentre.rooms.name')}</Table.Th>
                  <Table.Th w={160}>{t('trainingCentre.rooms.size')}</Table.Th>
                  <HiddenHeader w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((room, index) => (
                  <Table.Tr key={room.id ?? `new-${index}`} data-testid="room-row">
                    <Table.Td valign="top">
                      <TextInput
                        id={`rooms[${index}].name`}
                        aria-label={t('trainingCentre.rooms.name')}
                        required
                        {...form.inputProps(`rooms[${index}].name`)}
                      />
                    </Table.Td>
                    <Table.Td valign="top">
                      <DecimalInput
                        id={`rooms[${index}].size`}
                        integer
                        aria-label={t('trainingCentre.rooms.size')}
                        rightSection={<Text size="xs" c="dimmed">{t('trainingCentre.rooms.seats')}</Text>}
                        rightSectionWidth={60}
                        required
                        {...form.decimalProps(`rooms[${index}].size`)}
                      />
                    </Table.Td>
                    <Table.Td valign="top">
                      <Tooltip label={t('trainingCentre.rooms.remove')} openDelay={300}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('trainingCentre.rooms.remove')}
                          onClick={() => setRows(rows.filter((_, i) => i !== index))}
                          data-testid="room-remove"
                        >
                          ×
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between">
            <Button variant="light" onClick={() => setRows([...rows, { id: null, name: '', size: null }])} data-testid="room-add">
              {t('trainingCentre.rooms.add')}
            </Button>
            <Group gap="sm">
              <Button variant="default" component={PageLink} page="trainingCentre.campuses">
                {t('trainingCentre.back')}
              </Button>
              <Button type="submit" loading={form.submitting} data-testid="rooms-save">
                {t('trainingCentre.save')}
              </Button>
            </Group>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
