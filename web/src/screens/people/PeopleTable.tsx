import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import type { PageId } from '../../pages';
import { formatPersonOption } from '../../shared/options';
import type { ActorView } from './api';

/** Contacts or tutors: name (linked to their edit page), e-mail, phone, campus. */
export function PeopleTable({ people, editPage, testId }: { people: ActorView[]; editPage: PageId; testId: string }) {
  const { t } = useTranslation();
  if (!people.length) return <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>{t('people.common.nobody')}</Text>;
  return (
    <Table verticalSpacing={6} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('people.person.name')}</Table.Th>
          <Table.Th>{t('people.person.email')}</Table.Th>
          <Table.Th>{t('people.person.phone')}</Table.Th>
          <Table.Th>{t('people.person.campus')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {people.map((person) => (
          <Table.Tr key={person.id} data-testid={`${testId}-row`}>
            <Table.Td>
              <PageLink page={editPage} params={{ id: person.id }}>
                <Text fw={600} span>{formatPersonOption(person)}</Text>
              </PageLink>
              {person.archived && <Badge ml="xs" color="gray" variant="light">{t('people.actors.archivedBadge')}</Badge>}
            </Table.Td>
            <Table.Td>{person.email}</Table.Td>
            <Table.Td>{person.phone}</Table.Td>
            <Table.Td>
              <Group gap={4}>{[...new Set(person.actorAccessRules.map((r) => r.campus.name))].map((name) => <Badge key={name} variant="outline" color="gray" tt="none">{name}</Badge>)}</Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
