import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '@alterna/identity/validation';
import { adoptActorLanguage } from '../language';
import { homePathFor } from '../navigation';
import { usePageSearch } from '../page-search';
import { setMe, type Me } from '../session';
import { focusContentNext } from '../shared/focus';
import { ServerForm, useServerForm } from '../shared/form';

interface LoginValues {
  email: string;
  password: string;
}

/** Login (POST /api/auth/login); lands where the visitor was going (`?next=`), else in the actor's own space. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Where the visitor was going when asked to log in (router.tsx keeps it in `?next=`): a scan lands on its check-in.
  const [{ next }] = usePageSearch('login');

  const form = useServerForm<LoginValues, { actor: Me }>({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    action: '/api/auth/login',
    toPayload: (values) => ({ email: values.email.trim(), password: values.password }),
    onSuccess: async ({ actor }) => {
      await adoptActorLanguage(actor);
      setMe(actor);
      focusContentNext();
      await navigate({ href: next || homePathFor(actor), replace: true });
    },
  });

  return (
    <Paper className="login-card" withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }}>
      <Stack gap={4} mb="lg">
        <Title order={1} fz={26}>
          {t('login.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      <ServerForm form={form} aria-label={t('login.title')} data-testid="login-form">
        <TextInput
          id="email"
          type="email"
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="username"
          required
          autoFocus
          {...form.inputProps('email')}
        />
        <PasswordInput
          id="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          {...form.inputProps('password')}
        />
        <Button type="submit" fullWidth size="md" mt="xs" loading={form.submitting}>
          {t('login.submit')}
        </Button>
      </ServerForm>
    </Paper>
  );
}
