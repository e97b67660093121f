import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrombiStudent } from './api';

const colors = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'violet'];
/** A stable colour per student, so the board reads the same each time. */
const colorOf = (id: string) => colors[[...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % colors.length];

/** The class photo board: students have no photo yet, their initials stand in. */
export function TrombiTab({ students }: { students: TrombiStudent[] }) {
  const { t } = useTranslation();
  if (!students.length) return <Text c="dimmed">{t('courses.trombi.none')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">{t('courses.trombi.count', { count: students.length })}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} data-testid="trombi">
        {students.map((student) => (
          <Card key={student.id} withBorder radius="lg" padding="md" data-testid="trombi-student">
            <Stack align="center" gap={6}>
              <Avatar size={72} radius={72} color={colorOf(student.id)} aria-hidden>{student.initials}</Avatar>
              <Text fw={600} ta="center" size="sm">{student.lastName.toUpperCase()}</Text>
              <Text ta="center" size="sm">{student.firstName}</Text>
              <Group gap={4} justify="center">
                {student.planningGroups.map((group) => <Badge key={group} size="xs" variant="outline" color="gray">{group}</Badge>)}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
