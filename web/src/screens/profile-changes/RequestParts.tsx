import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileChangeRequest, RequestStatus } from './api';

const STATUS_COLOR: Record<RequestStatus, string> = {
  pending: 'orange',
  approved: 'teal',
  rejected: 'red',
  expired: 'gray',
  failed: 'red',
  cancelled: 'gray',
};

/** The state of a request as a coloured badge. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" tt="none" data-testid="request-status" data-status={status}>
      {t(`profileChanges.status.${status}`)}
    </Badge>
  );
}

/** Each requested field: the value when filed, struck through, then the value asked for. */
export function ChangesList({ changes }: { changes: ProfileChangeRequest['changes'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="request-changes">
      {changes.map((change) => (
        <Text key={change.field} size="sm" data-field={change.field}>
          <Text span c="dimmed" size="sm">
            {t('profileChanges.fieldLabel', { field: t(`profileChanges.fields.${change.field}`) })}{' '}
          </Text>
          <Text span td="line-through" c="dimmed" size="sm">
            {change.from}
          </Text>
          {' → '}
          <Text span fw={600} size="sm">
            {change.to}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
