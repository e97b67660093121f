import { Alert, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { profileChangeSchema } from '@alterna/profile-changes/validation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { formatDateTime } from '../../shared/format';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { fullName, useMe, type Me } from '../../session';
import { fileRequest, loadMine, refreshMe, type ProfileChangeRequest, type ProfileValues } from './api';
import { ChangesList, StatusBadge } from './RequestParts';

/** "Change my profile" in every non-staff space: a request form and the state of one's requests. */
export function MyProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const page = usePageData(['profileChanges.mine'], async () => {
    // An approved request has renamed us: the form starts from the profile as it is now.
    await refreshMe();
    return loadMine();
  });
  const requests: ProfileChangeRequest[] | null = page.data ?? null;
  const { error: loadError, reload: load } = page;

  if (!me) return null;
  const pending = requests?.find((request) => request.status === 'pending') ?? null;
  return (
    <Stack gap="lg" maw={1100} data-testid="my-profile-page">
      <PageTitle title={t('profileChanges.mine.title')} intro={t('profileChanges.mine.intro')} />
      {loadError && (
        <Alert color="red" variant="light" role="alert">
          {loadError}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProfileRequestForm me={me} pending={pending} onFiled={() => void load()} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="lg" data-testid="my-requests">
            <Title order={2} fz={18} mb="sm">
              {t('profileChanges.mine.requestsTitle')}
            </Title>
            {requests !== null && requests.length === 0 && (
              <Text c="dimmed" size="sm" data-testid="my-requests-empty">
                {t('profileChanges.mine.none')}
              </Text>
            )}
            <Stack gap="sm">
              {(requests ?? []).map((request) => (
                <Card key={request.uuid} withBorder radius="md" padding="sm" data-testid="my-request" data-request-id={request.uuid}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <ChangesList changes={request.changes} />
                    <StatusBadge status={request.status} />
                  </Group>
                  <Text size="xs" c="dimmed" mt={6}>
                    {t('profileChanges.mine.filedAt', { date: formatDateTime(request.createdAt) })}
                    {' · '}
                    {request.status === 'pending'
                      ? t('profileChanges.expiresAt', { date: formatDateTime(request.expiresAt) })
                      : request.decidedBy
                        ? t('profileChanges.decidedBy', { name: fullName(request.decidedBy), date: formatDateTime(request.decidedAt) })
                        : t('profileChanges.endedAt', { date: formatDateTime(request.decidedAt) })}
                  </Text>
                  {request.failureMessage && (
                    <Text size="xs" c="red" mt={4}>
                      {request.failureMessage}
                    </Text>
                  )}
                </Card>
              ))}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ProfileRequestForm({ me, pending, onFiled }: { me: Me; pending: ProfileChangeRequest | null; onFiled: () => void }) {
  const { t } = useTranslation();
  const form = useServerForm<ProfileValues, ProfileChangeRequest>({
    initialValues: { firstName: me.firstName, lastName: me.lastName, email: me.email },
    enableReinitialize: true,
    validationSchema: profileChangeSchema,
    action: (values) => fileRequest({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }),
    onSuccess: () => {
      toast.success(t('profileChanges.mine.filed'));
      onFiled();
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz={18} mb={4}>
        {t('profileChanges.mine.formTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profileChanges.mine.formIntro')}
      </Text>
      {pending && (
        <Alert color="orange" variant="light" mb="md" data-testid="pending-notice">
          {t('profileChanges.mine.pendingNotice')}
        </Alert>
      )}
      <ServerForm form={form} aria-label={t('profileChanges.mine.formTitle')} data-testid="profile-change-form">
        <TextInput id="firstName" label={t('profileChanges.fields.firstName')} required maxLength={100} disabled={!!pending} {...form.inputProps('firstName')} />
        <TextInput id="lastName" label={t('profileChanges.fields.lastName')} required maxLength={100} disabled={!!pending} {...form.inputProps('lastName')} />
        <TextInput id="email" type="email" label={t('profileChanges.fields.email')} required maxLength={254} disabled={!!pending} {...form.inputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={!!pending} data-testid="profile-change-submit">
            {t('profileChanges.mine.submit')}
          </Button>
        </Group>
      </ServerForm>
    </Card>
  );
}
