import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FreeSlot } from './conflicts';
import { formatSlot } from './time';

interface ConflictAlertProps {
  title?: string;
  messages: string[];
  suggestions?: FreeSlot[];
  /** Applies a proposed free slot (e.g. moves the lesson there). */
  onApply?: (slot: FreeSlot) => void;
  onClose?: () => void;
  applying?: boolean;
  testId?: string;
}

/** The server's refusal: what collides, one line each, and the nearest free slots as buttons. */
export function ConflictAlert({ title, messages, suggestions = [], onApply, onClose, applying, testId = 'conflict-alert' }: ConflictAlertProps) {
  const { t, i18n } = useTranslation();
  if (!messages.length && !suggestions.length) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t('planning.calendar.conflict.title')} withCloseButton={!!onClose} onClose={onClose} data-testid={testId}>
      <Stack gap="xs">
        {messages.length === 1 ? (
          <Text size="sm" data-testid="conflict-message">
            {messages[0]}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {messages.map((message, i) => (
              <List.Item key={i} data-testid="conflict-message">
                {message}
              </List.Item>
            ))}
          </List>
        )}
        {suggestions.length > 0 && onApply && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('planning.calendar.conflict.suggestions')}
            </Text>
            <Group gap="xs">
              {suggestions.map((slot) => (
                <Button
                  key={slot.startAt}
                  size="compact-sm"
                  variant="white"
                  color="red"
                  loading={applying}
                  onClick={() => onApply(slot)}
                  data-testid="conflict-suggestion"
                  data-start={slot.startAt}
                >
                  {formatSlot(slot.startAt, slot.endAt, i18n.language)}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
