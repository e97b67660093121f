import { useState } from 'react';
import { Alert, Button, Card, CopyButton, Group, Loader, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../shared/dialogs';
import { errorMessage } from '../../../shared/http';
import { usePageData } from '../../../shared/queries';
import { toast } from '../../../shared/toast';
import { loadFeed, myFeedPath, renewFeed, revokeFeed, type CalendarFeedStatus } from './api';

export interface CalendarFeedCardProps {
  /** The feed's API path (own feed or a room's). */
  path: string;
  /** Left out inside a modal that already names it. */
  title?: string;
  explanation: string;
  createLabel: string;
  /** May make, renew and revoke (a read-only staff only sees whether a link is live). */
  canChange?: boolean;
  /** Inside a modal: no card frame of its own. */
  bare?: boolean;
}

/**
 * A live iCal feed: the URL to paste in a calendar app (shown once, when made: the server keeps only its
 * hash), renew (the old URL stops working) and revoke.
 */
export function CalendarFeedCard({ path, title, explanation, createLabel, canChange = true, bare = false }: CalendarFeedCardProps) {
  const { t, i18n } = useTranslation();
  const page = usePageData(['planning.calendarFeed', path], () => loadFeed(path).then((answer) => answer.feed));
  const feed = page.data ?? null;
  const [url, setUrl] = useState<string | null>(null);
  // What the last renew or revoke answered; until one, what the load answered.
  const [actionError, setActionError] = useState<string | null | undefined>(undefined);
  const error = actionError === undefined ? page.error : actionError;
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<{ feed: CalendarFeedStatus; url?: string }>) => {
    setBusy(true);
    setActionError(null);
    try {
      const answer = await action();
      page.update(() => answer.feed);
      setUrl(answer.url ?? null);
      return true;
    } catch (failure) {
      setActionError(errorMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const renew = async () => {
    if (feed?.active && !(await confirm({ message: t('planning.calendarFeeds.card.renewConfirm'), color: 'orange' }))) return;
    await act(() => renewFeed(path));
  };
  const revoke = async () => {
    if (!(await confirm({ message: t('planning.calendarFeeds.card.revokeConfirm'), color: 'red' }))) return;
    if (await act(() => revokeFeed(path))) toast.success(t('planning.calendarFeeds.card.revoked'));
  };

  const since = feed?.createdAt
    ? new Date(feed.createdAt).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' })
    : null;

  const body = (
    <Stack gap="sm">
      {title && (
        <Title order={3} fz={18}>
          {title}
        </Title>
      )}
      <Text size="sm" c="dimmed">
        {explanation}
      </Text>
      {error && (
        <Alert color="red" variant="light" data-testid="calendar-feed-error">
          {error}
        </Alert>
      )}
      {!feed && !error && <Loader size="sm" />}
      {feed && (
        <>
          {url ? (
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('planning.calendarFeeds.card.url')}
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
                data-testid="calendar-feed-url"
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('planning.calendarFeeds.card.copied') : t('planning.calendarFeeds.card.copy')} withArrow>
                    <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'indigo'} onClick={copy} data-testid="calendar-feed-copy">
                      {copied ? t('planning.calendarFeeds.card.copied') : t('planning.calendarFeeds.card.copy')}
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="sm" data-testid="calendar-feed-status">
              {feed.active ? `${t('planning.calendarFeeds.card.active', { date: since })} ${t('planning.calendarFeeds.card.shownOnce')}` : t('planning.calendarFeeds.card.none')}
            </Text>
          )}
          {canChange && (
            <Group gap="sm">
              <Button onClick={() => void renew()} loading={busy} variant={feed.active ? 'default' : 'filled'} data-testid="calendar-feed-renew">
                {feed.active ? t('planning.calendarFeeds.card.renew') : createLabel}
              </Button>
              {feed.active && (
                <Button onClick={() => void revoke()} disabled={busy} variant="subtle" color="red" data-testid="calendar-feed-revoke">
                  {t('planning.calendarFeeds.card.revoke')}
                </Button>
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
  if (bare) return <div data-testid="calendar-feed">{body}</div>;
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs" data-testid="calendar-feed">
      {body}
    </Card>
  );
}

/** The teacher's or student's own feed, on their home. */
export function MyCalendarFeedCard() {
  const { t } = useTranslation();
  return (
    <CalendarFeedCard
      path={myFeedPath}
      title={t('planning.calendarFeeds.card.title')}
      explanation={t('planning.calendarFeeds.card.explanation')}
      createLabel={t('planning.calendarFeeds.card.create')}
    />
  );
}

