import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../session';
import { WelcomeCard } from './WelcomeCard';
import { ApprenticesOverview } from './booklets/ApprenticesOverview';
import { StudentBookletInbox } from './booklets/StudentBookletInbox';
import { MyCalendarFeedCard } from './planning/calendar-feeds/CalendarFeedCard';
import { LatestNews } from './news/LatestNews';

const followers = new Set(['coach', 'tutor', 'corporation']);

/** Home of a space: title of the space and the welcome card. */
export function SpaceHomePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me) return null;
  return (
    <Stack gap="lg" maw={1100} data-testid={`home-${me.space}`}>
      <div>
        <Title order={1} fz={28}>
          {t(`home.title.${me.space}`)}
        </Title>
        <Text c="dimmed">{t(`home.intro.${me.space}`)}</Text>
      </div>
      <WelcomeCard me={me} />
      <LatestNews />
      {/* Teachers and students: their timetable as a live iCal feed (planning.calendar-feed.own). */}
      {(me.space === 'teacher' || me.space === 'student') && me.permissions.includes('planning.calendar-feed.own') && <MyCalendarFeedCard />}
      {/* Who follows apprentices: their signatures to give, validations under way, forms to fill and each apprentice. */}
      {followers.has(me.space) && me.permissions.includes('booklets.form.read') && <ApprenticesOverview />}
      {me.space === 'student' && me.permissions.includes('booklets.form.read') && <StudentBookletInbox />}
    </Stack>
  );
}
