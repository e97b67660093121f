import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DuplicateActor } from './api';

interface DuplicateWarningProps {
  duplicates: DuplicateActor[];
  /** Label of the action that saves anyway ("Ignore and create" / "Ignore and save"). */
  ignoreLabel: string;
  onIgnore: () => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** SPEC §5: a person with the same name or a similar e-mail exists; the user checks, then may ignore it. */
export function DuplicateWarning({ duplicates, ignoreLabel, onIgnore, onCancel, submitting }: DuplicateWarningProps) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" radius="md" title={t('people.duplicates.title')} data-testid="duplicate-warning">
      <Stack gap="sm">
        <Text size="sm">{t('people.duplicates.intro', { count: duplicates.length })}</Text>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} data-testid="duplicate-list" bg="var(--mantine-color-body)">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('people.person.lastName')}</Table.Th>
                <Table.Th>{t('people.person.firstName')}</Table.Th>
                <Table.Th>{t('people.person.email')}</Table.Th>
                <Table.Th>{t('people.person.access')}</Table.Th>
                <Table.Th>{t('people.duplicates.matchedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {duplicates.map((person) => (
                <Table.Tr key={person.id} data-testid="duplicate-row">
                  <Table.Td fw={600}>{person.lastName}</Table.Td>
                  <Table.Td>{person.firstName}</Table.Td>
                  <Table.Td>{person.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {person.actorAccessRules.map((rule) => (
                        <Badge key={`${rule.campus.id}-${rule.actorTypology.reference}`} variant="outline" color="gray" tt="none">
                          {rule.campus.name} · {t(`typologies.${rule.actorTypology.reference}`)}
                        </Badge>
                      ))}
                      {person.archived && <Badge color="gray" variant="light">{t('people.actors.archivedBadge')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {person.matchedBy.map((reason) => (
                        <Badge key={reason} color="orange" variant="light" tt="none">{t(`people.duplicates.by.${reason}`)}</Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="duplicate-cancel">{t('people.duplicates.cancel')}</Button>
          <Button color="orange" onClick={onIgnore} loading={submitting} data-testid="duplicate-ignore">{ignoreLabel}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
