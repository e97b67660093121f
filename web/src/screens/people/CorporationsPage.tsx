import { Alert, Button, Card, Center, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageQuery } from '../../shared/page-query';
import { useSearchBox } from '../../shared/queries';
import { can, formatSiret, permissionIds } from './fields';
import { corporationsQuery } from './queries';

/** The centre's corporations, with their contacts and tutors (SPEC §2 Corporations). */
export function CorporationsPage() {
  const { t } = useTranslation();
  const me = useMe();
  // The search lives in the URL (?q=…): a reload or a shared link shows the same list.
  const [{ q }, setSearch] = usePageSearch('people.corporations');
  const search = useSearchBox(q, (term) => setSearch({ q: term }));
  // Loaded by the route's loader (page-loaders.ts): the data is in the cache when the page renders.
  const { data: corporations, error } = usePageQuery(corporationsQuery, {}, { q: search.term });

  return (
    <Stack gap="lg" data-testid="corporations-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('people.corporations.title')} intro={t('people.corporations.intro')} />
        {can(me?.permissions, permissionIds.corporationUpdate) && (
          <PageLink page="people.corporationNew" data-testid="corporation-new">
            <Button component="span">{t('people.corporations.new')}</Button>
          </PageLink>
        )}
      </Group>
      <TextInput
        placeholder={t('people.corporations.searchPlaceholder')}
        aria-label={t('people.corporations.searchPlaceholder')}
        value={search.text}
        onChange={(e) => search.setText(e.currentTarget.value)}
        w={360}
        data-testid="corporations-search"
      />
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {corporations === undefined ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : corporations.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('people.corporations.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="corporations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('people.corporation.name')}</Table.Th>
                  <Table.Th>{t('people.corporation.siret')}</Table.Th>
                  <Table.Th>{t('people.corporation.locality')}</Table.Th>
                  <Table.Th ta="right">{t('people.corporation.contacts')}</Table.Th>
                  <Table.Th ta="right">{t('people.corporation.tutors')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {corporations.map((c) => (
                  <Table.Tr key={c.id} data-testid="corporation-row">
                    <Table.Td>
                      <PageLink page="people.corporation" params={{ id: c.id }} data-testid="corporation-link">
                        <Text fw={600} span>{c.shortName || c.name}</Text>
                      </PageLink>
                      {c.shortName && <Text size="xs" c="dimmed">{c.name}</Text>}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSiret(c.siret)}</Table.Td>
                    <Table.Td>{[c.postalCode, c.addressLocality].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td ta="right">{c.contacts.length}</Table.Td>
                    <Table.Td ta="right">{c.tutors.length}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
