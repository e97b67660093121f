import { AppShell, Avatar, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../language';
import { pathTo } from '../navigation';
import { navPages, pagePath, spaceHome, type PageId } from '../pages';
import { fullName, logout, useMe } from '../session';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { refocus, takeFocusContentNext } from '../shared/focus';
import { PageDataProvider } from '../shared/queries';

/** Areas of the staff navigation, by page id prefix; the menu shows one heading per area. */
const sections: [prefix: string, key: string][] = [
  ['staff.', 'layout.sections.general'],
  ['planning.', 'layout.sections.planning'],
  ['attendance.', 'layout.sections.attendance'],
  ['trainings.', 'layout.sections.trainingCentre'],
  ['trainingCentre.', 'layout.sections.trainingCentre'],
  ['students.', 'layout.sections.people'],
  ['people.', 'layout.sections.people'],
  ['teaching.', 'layout.sections.people'],
  ['profileChanges.', 'layout.sections.people'],
];

function sectionOf(pageId: string): string {
  return sections.find(([prefix]) => pageId.startsWith(prefix))?.[1] ?? 'layout.sections.general';
}

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** Shell of the logged-in spaces: header (brand, actor, language, logout) and the space's navigation. */
export function AppLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const lang = useLanguage();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [opened, { toggle, close }] = useDisclosure();
  const navRef = useRef<HTMLElement | null>(null);
  const mainRef = useRef<HTMLElement | null>(null);
  const shownPath = useRef<string | null>(null);

  // The staff menu is longer than a laptop screen: bring the page's entry into the scrolled menu's view.
  useEffect(() => {
    navRef.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname, me?.space]);

  // A link followed from inside a page, or the login form, goes with that page (once the next one has loaded): the new
  // page's content takes the focus, so the keyboard goes on from there instead of from the top (a menu entry, still
  // there, keeps it). A page loaded afresh leaves Tab to start at the top as usual.
  useEffect(() => {
    const first = shownPath.current === null;
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (first && !takeFocusContentNext()) return;
    refocus(() => mainRef.current, undefined, { ms: 5000, onlyWhenLost: true });
  }, [pathname]);

  if (!me) return null;
  const entries = navPages(me.space);
  // One entry is active: the longest path the page is at or under (`/my-space/courses` is not `/my-space` too).
  const activeHref = entries
    .map((page) => pagePath(page.id as PageId, lang))
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];

  const onLogout = async () => {
    await logout();
    await navigate({ href: pathTo('login'), replace: true });
  };

  return (
    <PageDataProvider>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="xl"
        className="app-shell"
      >
        <AppShell.Header className="app-header">
          {/* The first Tab stop: straight to the page, past the header and the long staff menu. */}
          <a
            href="#main"
            className="skip-link"
            onClick={(event) => {
              event.preventDefault();
              mainRef.current?.focus();
            }}
            data-testid="skip-link"
          >
            {t('layout.skipToContent')}
          </a>
          <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('layout.menu')} />
              <Link to={pathTo(spaceHome[me.space])} className="brand-link" title={t('layout.home')}>
                {/* At 390 px the name and "Déconnexion" do not both fit: the mark alone links home. */}
                <Brand nameFrom="xs" />
              </Link>
              <Badge variant="light" radius="sm" visibleFrom="sm" data-testid="space-badge">
                {t(`spaces.${me.space}`)}
              </Badge>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Group gap={8} wrap="nowrap" visibleFrom="xs">
                <Avatar color="indigo" radius="xl" size={32}>
                  {initials(me.firstName, me.lastName)}
                </Avatar>
                <Stack gap={0}>
                  <Text size="sm" fw={600} lh={1.2} data-testid="actor-name">
                    {fullName(me)}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {me.email}
                  </Text>
                </Stack>
              </Group>
              <LanguageSwitch />
              <Tooltip label={t('layout.logout')} openDelay={400}>
                <Button variant="default" size="xs" onClick={() => void onLogout()} data-testid="logout">
                  {t('layout.logout')}
                </Button>
              </Tooltip>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="md" className="app-navbar">
          <AppShell.Section>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs" px="sm">
              {t(`spaces.${me.space}`)}
            </Text>
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea}>
            <nav ref={navRef} aria-label={t('layout.navigation')} data-testid="space-nav">
              {entries.map((page, index) => {
                const href = pagePath(page.id as PageId, lang);
                const section = sectionOf(page.id);
                // Headings only in the staff's long menu: the areas are the staff's (a student's menu has none).
                const heading = me.space === 'staff' && entries.length > 8 && (index === 0 || sectionOf(entries[index - 1]!.id) !== section);
                return (
                  <div key={page.id}>
                    {heading && (
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt={index === 0 ? 0 : 'sm'} mb={4} px="sm" data-testid="nav-section">
                        {t(section)}
                      </Text>
                    )}
                    <NavLink
                      component={Link}
                      to={href}
                      label={t(page.navKey ?? page.id)}
                      active={href === activeHref}
                      // The router marks every link above the page as current (aria-current, which Mantine styles as active).
                      activeOptions={{ exact: true }}
                      onClick={close}
                      data-page-id={page.id}
                      variant="light"
                      mb={2}
                      py={4}
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    />
                  </div>
                );
              })}
            </nav>
          </AppShell.Section>
          <AppShell.Section>
            <Text size="xs" c="dimmed" px="sm" pt="xs" data-testid="nav-footer">
              {t('layout.footer')}
            </Text>
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main className="app-main" id="main" ref={mainRef} tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </PageDataProvider>
  );
}
