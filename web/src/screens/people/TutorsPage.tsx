import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageQuery } from '../../shared/page-query';
import { useReload, useSearchBox } from '../../shared/queries';
import { formatCompanyOption, formatPersonOption } from '../../shared/options';
import { toast } from '../../shared/toast';
import type { ActorView } from './api';
import { AssociateForm } from './AssociateForm';
import { can, permissionIds } from './fields';
import { tutorsQuery } from './queries';
import { HiddenHeader } from '../../shared/HiddenHeader';

/** Tutors of the viewer's campuses and their corporations; new tutor, edit, associate (SPEC §2 Tutors). */
export function TutorsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canChange = can(me?.permissions, permissionIds.corporationUpdate);
  // The search lives in the URL (?q=…): a reload or a shared link shows the same list.
  const [{ q }, setSearch] = usePageSearch('people.tutors');
  const search = useSearchBox(q, (term) => setSearch({ q: term }));
  const reload = useReload();
  // Loaded by the route's loader (page-loaders.ts): the data is in the cache when the page renders.
  const { data: tutors, error } = usePageQuery(tutorsQuery, {}, { q: search.term });
  const [associating, setAssociating] = useState<ActorView | null>(null);

  return (
    <Stack gap="lg" data-testid="tutors-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('people.tutors.title')} intro={t('people.tutors.intro')} />
        {canChange && (
          <PageLink page="people.tutorNew" data-testid="tutor-new">
            <Button component="span">{t('people.tutors.new')}</Button>
          </PageLink>
        )}
      </Group>
      <TextInput
        placeholder={t('people.actors.searchPlaceholder')}
        aria-label={t('people.actors.searchPlaceholder')}
        value={search.text}
        onChange={(e) => search.setText(e.currentTarget.value)}
        w={360}
        data-testid="tutors-search"
      />
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {tutors === undefined ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : tutors.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('people.tutors.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="tutors-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('people.person.name')}</Table.Th>
                  <Table.Th>{t('people.person.email')}</Table.Th>
                  <Table.Th>{t('people.person.campus')}</Table.Th>
                  <Table.Th>{t('people.tutors.corporations')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tutors.map((tutor) => (
                  <Table.Tr key={tutor.id} data-testid="tutor-row" data-last-name={tutor.lastName}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <PageLink page="people.tutorEdit" params={{ id: tutor.id }}>
                        <Text fw={600} span>{formatPersonOption(tutor)}</Text>
                      </PageLink>
                    </Table.Td>
                    <Table.Td>{tutor.email}</Table.Td>
                    <Table.Td>{[...new Set(tutor.actorAccessRules.map((r) => r.campus.name))].join(', ')}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {tutor.corporations.map((c) => (
                          <PageLink key={c.id} page="people.corporation" params={{ id: c.id }}>
                            <Badge variant="light" tt="none" maw="none" style={{ cursor: 'pointer' }}>{formatCompanyOption(c)}</Badge>
                          </PageLink>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {canChange && (
                        <Group justify="flex-end">
                          <Button size="xs" variant="default" onClick={() => setAssociating(tutor)} data-testid="tutor-associate">{t('people.tutors.associate')}</Button>
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
      <Modal
        opened={associating !== null}
        onClose={() => setAssociating(null)}
        title={associating ? t('people.tutors.associateTitle', { name: formatPersonOption(associating) }) : ''}
        size="lg"
        centered
      >
        {associating && (
          <AssociateForm
            tutor={associating}
            onDone={async (message) => {
              toast.success(message);
              setAssociating(null);
              await reload(['people.tutors']);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
