import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultSheetSettings, sheetSettingsSchema, type SheetSettings } from '@alterna/attendance/validation';
import { useMe } from '../../session';
import { DecimalInput } from '../../shared/DecimalInput';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { loadSheetSettings, sheetSettingsUrl } from './sheets-api';

const fields = ['opensBeforeMinutes', 'correctionDays'] as const;

/** A campus's sheet window (issue #24): how early its sheets open, how many days after the lesson teachers still change them. */
export function SheetWindowCard({ campusId }: { campusId: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const canEdit = !!me?.permissions.includes('attendance.sheet.settings');
  const page = usePageData(['attendance.sheetSettings', campusId], () => loadSheetSettings(campusId));
  const form = useServerForm<SheetSettings>({
    initialValues: page.data?.settings ?? defaultSheetSettings,
    enableReinitialize: true,
    validationSchema: sheetSettingsSchema,
    action: (values) => requestJson('POST', sheetSettingsUrl(campusId), values),
    onSuccess: () => {
      toast.success(t('attendance.sheetList.window.saved'));
    },
  });
  return (
    <Card withBorder radius="md" padding="md" data-testid="sheet-window-settings">
      <Title order={3} size="h5" mb={4}>{t('attendance.sheetList.window.title')}</Title>
      <Text size="sm" c="dimmed" mb="xs">{t('attendance.sheetList.window.intro')}</Text>
      <ServerForm form={form}>
        <Group grow align="flex-start">
          {fields.map((name) => (
            <DecimalInput key={name} id={name} label={t(`attendance.sheetList.window.${name}`)} integer disabled={!canEdit} {...form.decimalProps(name)} />
          ))}
        </Group>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={form.submitting}>{t('attendance.sheetList.window.save')}</Button>
          </Group>
        )}
      </ServerForm>
    </Card>
  );
}
