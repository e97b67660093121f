import { Alert, Badge, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { confirm } from '../../shared/dialogs';
import { formatPersonOption } from '../../shared/options';
import { actorFilters, usePageSearch } from '../../page-search';
import { usePageQuery } from '../../shared/page-query';
import { useReload, useSearchBox } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { setArchived, type ActorView } from './api';
import { actorsQuery } from './queries';
import { can, permissionIds } from './fields';
import { HiddenHeader } from '../../shared/HiddenHeader';

type Filter = (typeof actorFilters)[number];

/** People of the viewer's campuses: search, archive toggle, archive and unarchive (SPEC §2 Actors, §4). */
export function ActorsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canChange = can(me?.permissions, permissionIds.actorUpdate);
  // The search and the archive filter live in the URL (?q=…&show=archived): a reload keeps them.
  const [{ q, show: filter }, setSearch] = usePageSearch('people.actors');
  const search = useSearchBox(q, (term) => setSearch({ q: term }));
  const reload = useReload();
// Loaded by the route's loader (page-loaders.ts): the data is in the cache when the page renders.
  // Typing asks at once for the settled term; the URL follows it and the loader finds that answer.
  const { data: page, error } = usePageQuery(actorsQuery, {}, { q: search.term, show: filter });

  const toggleArchive = async (actor: ActorView) => {
    const archiving = !actor.archived;
    const ok = await confirm({
      message: t(archiving ? 'people.actors.archiveConfirm' : 'people.actors.unarchiveConfirm', { name: formatPersonOption(actor) }),
      confirmLabel: t(archiving ? 'people.actors.archive' : 'people.actors.unarchive'),
      color: archiving ? 'orange' : 'teal',
    });
    if (!ok) return;
    try {
      toast.success((await setArchived(actor.id, archiving)).message);
      await reload(['people.actors']);
    } catch {
      /* the GraphQL helper has shown the error */
    }
  };

  return (
    <Stack gap="lg" data-testid="actors-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('people.actors.title')} intro={t('people.actors.intro')} />
        {canChange && (
          <PageLink page="people.actorNew" data-testid="actor-new">
            <Button component="span">{t('people.actors.new')}</Button>
          </PageLink>
        )}
      </Group>
      <Group justify="space-between">
        <TextInput
          placeholder={t('people.actors.searchPlaceholder')}
          aria-label={t('people.actors.searchPlaceholder')}
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
          w={360}
          data-testid="actors-search"
        />
        <SegmentedControl
          value={filter}
          onChange={(v) => setSearch({ show: v as Filter })}
          data={[
            { value: 'active', label: t('people.actors.filterActive') },
            { value: 'archived', label: t('people.actors.filterArchived') },
            { value: 'all', label: t('people.actors.filterAll') },
          ]}
          data-testid="actors-filter"
        />
      </Group>
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {page === undefined ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : page.items.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('people.actors.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="actors-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('people.person.name')}</Table.Th>
                  <Table.Th>{t('people.person.email')}</Table.Th>
                  <Table.Th>{t('people.person.access')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.items.map((actor) => (
                  <Table.Tr key={actor.id} data-testid="actor-row" data-last-name={actor.lastName}>
                    <Table.Td>
                      <PageLink page="people.actorEdit" params={{ id: actor.id }} data-testid="actor-link">
                        <Text fw={600} span>{formatPersonOption(actor)}</Text>
                      </PageLink>
                      {actor.archived && <Badge ml="xs" color="gray" variant="light">{t('people.actors.archivedBadge')}</Badge>}
                    </Table.Td>
                    <Table.Td>{actor.email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {actor.actorAccessRules.map((rule) => (
                          <Badge key={`${rule.campus.id}-${rule.actorTypology.reference}`} variant="outline" color="gray" tt="none">
                            {rule.campus.name} · {t(`typologies.${rule.actorTypology.reference}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {canChange && actor.id !== me?.id && (
                        <Group justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="light" color={actor.archived ? 'teal' : 'orange'} onClick={() => void toggleArchive(actor)} data-testid="actor-archive">
                            {t(actor.archived ? 'people.actors.unarchive' : 'people.actors.archive')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {page && page.total > page.items.length && (
        <Text size="sm" c="dimmed" data-testid="actors-more">{t('people.actors.more', { shown: page.items.length, total: page.total })}</Text>
      )}
    </Stack>
  );
}
