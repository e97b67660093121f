import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { duplicateAction } from '@alterna/students/validation';
import { PageLink } from '../../navigation';
import type { StudentMatch } from './api';

interface DuplicateStudentsDialogProps {
  students: StudentMatch[];
  /** The training session selected on the form: its latest registration is edited rather than a new one made. */
  trainingSessionId: string | null;
  onIgnore: () => void;
}

/**
 * SPEC §8 duplicate student popup: last name, first name, birth date and latest registration of each match,
 * with "edit registration" when that registration is in the selected session, else "new registration".
 */
export function DuplicateStudentsDialog({ students, trainingSessionId, onIgnore }: DuplicateStudentsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={students.length > 0} onClose={onIgnore} size="60em" centered title={<Text fw={600} size="lg">{t('students.duplicate.title')}</Text>}>
      <Stack data-testid="duplicate-students-dialog">
        <Text>{t('students.duplicate.intro')}</Text>
        <Table verticalSpacing="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('students.form.lastName')}</Table.Th>
              <Table.Th>{t('students.form.firstName')}</Table.Th>
              <Table.Th>{t('students.form.dateOfBirth')}</Table.Th>
              <Table.Th>{t('students.duplicate.lastRegistration')}</Table.Th>
              <Table.Th>{t('students.duplicate.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.map((student) => {
              const latest = student.lastRegistration;
              const action = duplicateAction(latest ? { trainingSessionId: latest.trainingGroup.trainingSession.id } : null, trainingSessionId);
              return (
                <Table.Tr key={student.id} data-testid="duplicate-student-row">
                  <Table.Td fw={600}>{student.lastName}</Table.Td>
                  <Table.Td>{student.firstName}</Table.Td>
                  <Table.Td>{formatDate(student.dateOfBirth)}</Table.Td>
                  <Table.Td>
                    {latest
                      ? `${latest.trainingGroup.shortName} – ${latest.trainingGroup.trainingSession.name} (${t(`students.statuses.${latest.studentStatus}`)})`
                      : t('students.duplicate.noRegistration')}
                  </Table.Td>
                  <Table.Td>
                    {action === 'edit-registration' && latest ? (
                      <PageLink page="students.registrationEdit" params={{ id: student.id, studentRegistration: latest.id }} data-testid="duplicate-edit-registration">
                        <Button component="span" size="xs">{t('students.duplicate.editRegistration')}</Button>
                      </PageLink>
                    ) : (
                      <PageLink page="students.registrationNew" params={{ id: student.id }} data-testid="duplicate-new-registration">
                        <Button component="span" size="xs" variant="light">{t('students.duplicate.newRegistration')}</Button>
                      </PageLink>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onIgnore} data-testid="duplicate-ignore">{t('students.duplicate.ignore')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
