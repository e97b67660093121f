import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Center, Group, Loader, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { usePageQuery } from '../../shared/page-query';
import { placeRoutes, refreshMe, type Building, type CampusInfo, type Site } from './api';
import { BuildingDialog, CampusDialog, SiteDialog } from './PlaceDialogs';
import { campusesQuery } from './queries';
import { confirmAndRemove } from './remove';
import { HiddenHeader } from '../../shared/HiddenHeader';

type Dialog =
  | { kind: 'campus'; campus: CampusInfo | null }
  | { kind: 'site'; campusId: string; site: Site | null }
  | { kind: 'building'; siteId: string; building: Building | null };

/** Campuses with their sites, buildings and rooms; create, edit and remove each, where the viewer may. */
export function CampusesPage() {
  const { t } = useTranslation();
  // Loaded by the route's loader (page-loaders.ts): the data is in the cache when the page renders.
  const page = usePageQuery(campusesQuery, {}, {});
  const campuses: CampusInfo[] | null = page.data ?? null;
  const { error: loadError, reload: load } = page;
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const saved = () => {
    setDialog(null);
    void load();
  };
  const canCreate = campuses?.some((campus) => campus.canManage) ?? false;

  const removeCampus = async (campus: CampusInfo) => {
    const done = await confirmAndRemove({
      title: t('trainingCentre.campus.deleteTitle'),
      message: t('trainingCentre.campus.deleteConfirm', { name: campus.name }),
      url: placeRoutes.campus(campus.uuid),
    });
    if (done) {
      await refreshMe();
      void load();
    }
  };
  const removeSite = async (site: Site) => {
    const rooms = site.buildings.reduce((sum, building) => sum + building.rooms.length, 0);
    const done = await confirmAndRemove({
      title: t('trainingCentre.site.deleteTitle'),
      message: t('trainingCentre.site.deleteConfirm', { name: site.name, buildings: site.buildings.length, rooms }),
      url: placeRoutes.site(site.uuid),
    });
    if (done) void load();
  };
  const removeBuilding = async (building: Building) => {
    const done = await confirmAndRemove({
      title: t('trainingCentre.building.deleteTitle'),
      message: t('trainingCentre.building.deleteConfirm', { name: building.name, rooms: building.rooms.length }),
      url: placeRoutes.building(building.uuid),
    });
    if (done) void load();
  };

  return (
    <Stack gap="lg" maw={1200} data-testid="campuses-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainingCentre.campuses.title')} intro={t('trainingCentre.campuses.intro')} />
        {canCreate && (
          <Button onClick={() => setDialog({ kind: 'campus', campus: null })} data-testid="campus-new">
            {t('trainingCentre.campus.new')}
          </Button>
        )}
      </Group>

      {loadError && (
        <Alert color="red" variant="light" role="alert">
          {loadError}
        </Alert>
      )}
      {campuses === null ? (
        <Center p="xl">{!loadError && <Loader size="sm" />}</Center>
      ) : campuses.length === 0 ? (
        <Text c="dimmed">{t('trainingCentre.campuses.empty')}</Text>
      ) : (
        campuses.map((campus) => (
          <Card key={campus.uuid} withBorder radius="lg" padding="lg" data-testid="campus-card" data-campus-name={campus.name}>
            <Group justify="space-between" align="flex-start" mb="md">
              <Stack gap={6}>
                <Title order={2} fz={22}>
                  {campus.name}
                </Title>
                <Group gap={4}>
                  <Text size="sm" c="dimmed" mr={4}>
                    {t('trainingCentre.campus.openDays')}
                  </Text>
                  {campus.openDays.map((day) => (
                    <Badge key={day} variant="light" size="sm" radius="sm">
                      {t(`trainingCentre.weekdays.${day}`)}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Group gap="xs">
                {campus.canEdit && (
                  <>
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'site', campusId: campus.uuid, site: null })} data-testid="site-new">
                      {t('trainingCentre.site.new')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'campus', campus })} data-testid="campus-edit">
                      {t('trainingCentre.edit')}
                    </Button>
                  </>
                )}
                {campus.canManage && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => void removeCampus(campus)} data-testid="campus-delete">
                    {t('trainingCentre.delete')}
                  </Button>
                )}
              </Group>
            </Group>

            <Stack gap="md">
              {campus.sites.length === 0 && <Text c="dimmed" size="sm">{t('trainingCentre.campus.noSite')}</Text>}
              {campus.sites.map((site) => (
                <Paper key={site.uuid} withBorder radius="md" p="md" data-testid="site-block" data-site-name={site.name}>
                  <Group justify="space-between" mb="xs" wrap="nowrap">
                    <div>
                      <Text fw={600}>{site.name}</Text>
                      {site.address && (
                        <Text size="sm" c="dimmed">
                          {site.address}
                        </Text>
                      )}
                    </div>
                    {campus.canEdit && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'building', siteId: site.uuid, building: null })} data-testid="building-new">
                          {t('trainingCentre.building.new')}
                        </Button>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="default" aria-label={t('trainingCentre.actions')} data-testid="site-actions">
                              ⋯
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setDialog({ kind: 'site', campusId: campus.uuid, site })}>{t('trainingCentre.edit')}</Menu.Item>
                            <Menu.Item color="red" onClick={() => void removeSite(site)} data-testid="site-delete">
                              {t('trainingCentre.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    )}
                  </Group>
                  {site.buildings.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('trainingCentre.site.noBuilding')}
                    </Text>
                  ) : (
                    <Table verticalSpacing={6} withRowBorders>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w="25%">{t('trainingCentre.building.label')}</Table.Th>
                          <Table.Th>{t('trainingCentre.rooms.label')}</Table.Th>
                          <HiddenHeader w={260} />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {site.buildings.map((building) => (
                          <Table.Tr key={building.uuid} data-testid="building-row" data-building-name={building.name}>
                            <Table.Td fw={500}>{building.name}</Table.Td>
                            <Table.Td>
                              {building.rooms.length === 0 ? (
                                <Text size="sm" c="dimmed">
                                  {t('trainingCentre.rooms.none')}
                                </Text>
                              ) : (
                                <Group gap={4}>
                                  {building.rooms.map((room) => (
                                    <Badge key={room.uuid} variant="outline" color="gray" radius="sm" tt="none" data-testid="room-badge">
                                      {t('trainingCentre.rooms.badge', { name: room.name, size: room.size })}
                                    </Badge>
                                  ))}
                                </Group>
                              )}
                            </Table.Td>
                            <Table.Td ta="right">
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                <Button
                                  size="xs"
                                  variant="light"
                                  component={PageLink}
                                  page="trainingCentre.rooms"
                                  params={{ building: building.uuid }}
                                  data-testid="building-rooms"
                                >
                                  {t(campus.canEdit ? 'trainingCentre.rooms.edit' : 'trainingCentre.rooms.show')}
                                </Button>
                                {campus.canEdit && (
                                  <>
                                    <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'building', siteId: site.uuid, building })}>
                                      {t('trainingCentre.rename')}
                                    </Button>
                                    <Button size="xs" variant="subtle" color="red" onClick={() => void removeBuilding(building)} data-testid="building-delete">
                                      {t('trainingCentre.delete')}
                                    </Button>
                                  </>
                                )}
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Paper>
              ))}
            </Stack>
          </Card>
        ))
      )}

      {dialog?.kind === 'campus' && <CampusDialog campus={dialog.campus} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'site' && <SiteDialog campusId={dialog.campusId} site={dialog.site} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'building' && <BuildingDialog siteId={dialog.siteId} building={dialog.building} onClose={() => setDialog(null)} onSaved={saved} />}
    </Stack>
  );
}
