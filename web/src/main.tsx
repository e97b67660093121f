import { StrictMode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { i18nReady } from './i18n';
import { adoptActorLanguage } from './language';
import { router } from './router';
import { ensureSession } from './session';
import { DatesLocale } from './shared/DatesLocale';
import { ToastHost } from './shared/toast';
import { cssVariablesResolver, themeIn } from './theme';

const root = createRoot(document.getElementById('root')!);

/** Mantine with the theme in the page's language (its icon buttons' names follow a language switch). */
function App() {
  const { t } = useTranslation();
  const localised = useMemo(() => themeIn(t), [t]);
  return (
    <MantineProvider theme={localised} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastHost />
      <DatesLocale>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </DatesLocale>
    </MantineProvider>
  );
}

// The session decides the landing page and may carry the actor's language: load it (and its catalogue) before routing.
void Promise.all([ensureSession(), i18nReady]).then(async ([me]) => {
  await adoptActorLanguage(me);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
