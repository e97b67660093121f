import { useState } from 'react';
import { Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../shared/constants';
import { errorDialog, successDialog } from '../../shared/dialogs';
import { errorMessage, requestJson } from '../../shared/http';
import { apiPaths, type FoundCompany } from './api';
import { addressText, type CompanySaved } from './companies';

interface DuplicateCompanyDialogProps {
  /** The companies found with the typed SIRET or name; the dialog is open while there are some. */
  companies: FoundCompany[];
  teacherId: string;
  onClose: () => void;
  onAssociated: (saved: CompanySaved) => void | Promise<void>;
}

/**
 * SPEC §8 duplicate company dialog, word for word: the existing companies with their name, SIRET and
 * address, each with the button that associates it with the contract's teacher (SPEC §7 step 5).
 */
export function DuplicateCompanyDialog({ companies, teacherId, onClose, onAssociated }: DuplicateCompanyDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);

  const associate = async (company: FoundCompany) => {
    setBusy(company.uuid);
    try {
      const saved = await requestJson<CompanySaved>('POST', apiPaths.companyAssociate(company.uuid, teacherId), {
        teachers: [teacherId],
        teacher_company: company.uuid,
        siret: company.siret,
        name: company.name,
        legalForm: company.legalForm,
        address: company.address,
        activityDeclarationNumber: company.activityDeclarationNumber,
        comment: company.comment,
      });
      await successDialog(saved.message);
      await onAssociated(saved);
    } catch (error) {
      // Failed association: the generic error dialog with the server's message.
      void errorDialog(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={companies.length > 0} onClose={onClose} title={t('teaching.duplicateCompany.title')} size={DIALOG_WIDTH} centered data-testid="duplicate-company-dialog">
      <Stack>
        <Text fw={600}>{t('teaching.duplicateCompany.exists')}</Text>
        <Table verticalSpacing="sm" data-testid="duplicate-company-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('teaching.duplicateCompany.name')}</Table.Th>
              <Table.Th>{t('teaching.duplicateCompany.siret')}</Table.Th>
              <Table.Th>{t('teaching.duplicateCompany.address')}</Table.Th>
              <Table.Th>{t('teaching.duplicateCompany.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.map((company) => (
              <Table.Tr key={company.uuid} data-testid="duplicate-company-row">
                <Table.Td>{company.name}</Table.Td>
                <Table.Td>{company.siret}</Table.Td>
                <Table.Td>{addressText(company.address) ?? t('teaching.duplicateCompany.noAddress')}</Table.Td>
                <Table.Td>
                  {company.invalidated ? (
                    <Badge color="red" variant="light">{t('teaching.company.invalidatedBadge')}</Badge>
                  ) : (
                    <Button size="xs" onClick={() => void associate(company)} loading={busy === company.uuid} data-testid="duplicate-company-associate">
                      {t('teaching.duplicateCompany.associate')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
