import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { confirm } from '../../shared/dialogs';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { deleteTemplate, duplicateTemplate, loadTemplates, previewUrl, type MailTemplateSummary } from './api';

export const managePermission = 'mailbox.template.manage';

/** Mail templates (SPEC §2 Mailbox): the list, with preview, edit, duplicate and delete. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const page = usePageData(['mailbox.templates'], loadTemplates);
  const [previewing, setPreviewing] = useState<MailTemplateSummary | null>(null);
  const canManage = !!me?.permissions.includes(managePermission);

  const duplicate = async (template: MailTemplateSummary) => {
    try {
      const { template: copy } = await duplicateTemplate(template.id);
      toast.success(t('mailbox.templates.duplicated', { subject: copy.subject }));
      await goTo('mailbox.templateEdit', { id: copy.id });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const remove = async (template: MailTemplateSummary) => {
    const sure = await confirm({
      title: t('mailbox.templates.confirmDeleteTitle'),
      message: t('mailbox.templates.confirmDelete', { subject: template.subject }),
      confirmLabel: t('mailbox.templates.delete'),
      color: 'red',
    });
    if (!sure) return;
    try {
      await deleteTemplate(template.id);
      toast.success(t('mailbox.templates.deleted'));
      page.update((current) => ({ templates: current.templates.filter((x) => x.id !== template.id) }));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg" data-testid="mail-templates-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('mailbox.templates.title')} intro={t('mailbox.templates.intro')} />
        {canManage && (
          <Button component={PageLink} page="mailbox.templateNew" data-testid="new-template">
            {t('mailbox.templates.new')}
          </Button>
        )}
      </Group>
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.templates.length && <Text c="dimmed">{t('mailbox.templates.none')}</Text>}
      {!!page.data?.templates.length && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mailbox.templates.subject')}</Table.Th>
                <Table.Th>{t('mailbox.templates.subTitle')}</Table.Th>
                <Table.Th>{t('mailbox.templates.campus')}</Table.Th>
                <Table.Th>{t('mailbox.templates.updated')}</Table.Th>
                <Table.Th>{t('mailbox.templates.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.templates.map((template) => (
                <Table.Tr key={template.id} data-testid="template-row" data-subject={template.subject}>
                  <Table.Td fw={500}>{template.subject}</Table.Td>
                  <Table.Td c="dimmed">{template.subTitle}</Table.Td>
                  <Table.Td>
                    {template.campusName ?? <Text span size="sm" c="grape" fw={500}>{t('mailbox.templates.centreWide')}</Text>}
                  </Table.Td>
                  <Table.Td>{formatDateTime(template.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setPreviewing(template)}>{t('mailbox.templates.preview')}</Button>
                      {template.canEdit && (
                        <Button size="xs" variant="light" component={PageLink} page="mailbox.templateEdit" params={{ id: template.id }}>
                          {t('mailbox.templates.edit')}
                        </Button>
                      )}
                      {canManage && (
                        <Button size="xs" variant="light" color="teal" onClick={() => void duplicate(template)}>{t('mailbox.templates.duplicate')}</Button>
                      )}
                      {template.canEdit && (
                        <Button size="xs" variant="light" color="red" onClick={() => void remove(template)}>{t('mailbox.templates.delete')}</Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={!!previewing} onClose={() => setPreviewing(null)} size="xl" title={previewing?.subject}>
        {previewing && (
          <iframe
            title={t('mailbox.editor.preview')}
            src={previewUrl(previewing.id)}
            sandbox=""
            style={{ width: '100%', height: '70vh', border: 0 }}
            data-testid="template-preview"
          />
        )}
      </Modal>
    </Stack>
  );
}
