import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../session';
import { WelcomeCard } from './WelcomeCard';
import { ApprenticesOverview } from './booklets/ApprenticesOverview';
import { StudentBookletInbox } from './booklets/StudentBookletInbox';
import { StudentHome } from './home/StudentHome';
import { TeacherHome } from './home/TeacherHome';
import { MyCalendarFeedCard } from './planning/calendar-feeds/CalendarFeedCard';
import { LatestNews } from './news/LatestNews';

const followers = new Set(['coach', 'tutor', 'corporation']);

/**
 * Home of a space (issue #25: it starts the day). A teacher's: today's and the next lessons, "Take attendance" one
 * tap away, the sheets left unclosed; a student's: the next lesson, attendance, marks, forms to sign; who follows
 * apprentices: each one with what awaits. News follow; the account's profiles and campuses close the page.
 */
export function SpaceHomePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me) return null;
  const can = (permission: string) => me.permissions.includes(permission);
  return (
    <Stack gap="lg" maw={1100} data-testid={`home-${me.space}`} style={{ minWidth: 0 }}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t(`home.title.${me.space}`)}
        </Title>
        <Text c="dimmed">{t(`home.intro.${me.space}`)}</Text>
      </div>
      {me.space === 'teacher' && can('attendance.sheet.take') && <TeacherHome />}
      {me.space === 'student' && <StudentHome />}
      {me.space === 'student' && can('booklets.form.read') && <StudentBookletInbox />}
      {/* Who follows apprentices: their signatures to give, validations under way, forms to fill and each apprentice. */}
      {followers.has(me.space) && can('booklets.form.read') && <ApprenticesOverview />}
      <LatestNews />
      {/* Teachers and students: their timetable as a live iCal feed (planning.calendar-feed.own). */}
      {(me.space === 'teacher' || me.space === 'student') && can('planning.calendar-feed.own') && <MyCalendarFeedCard />}
      <WelcomeCard me={me} />
    </Stack>
  );
}
