import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parisTime } from '@alterna/planning/validation';
import type { Absence, Justification } from './absences-api';
import { statusColors } from './AttendanceChart';

export function KindBadge({ absence }: { absence: Absence }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColors[absence.kind]}>
      {t(`attendance.status.${absence.kind}`)}
    </Badge>
  );
}

/** The times that go with the kind: arrival of a late student, leaving, a temporary exit's span. */
export function absenceTimes(absence: Absence, t: (key: string, values?: Record<string, string>) => string): string {
  if (absence.arrivedAt) return t('attendance.absences.arrivedAt', { time: parisTime(absence.arrivedAt) });
  if (absence.leftAt) return t('attendance.absences.leftAt', { time: parisTime(absence.leftAt) });
  if (absence.exitFrom && absence.exitTo) return t('attendance.absences.exit', { from: parisTime(absence.exitFrom), to: parisTime(absence.exitTo) });
  return '';
}

const justificationColors = { submitted: 'blue', accepted: 'green', refused: 'red' } as const;

export function JustificationBadge({ status }: { status: Justification['status'] | null }) {
  const { t } = useTranslation();
  if (!status) return <Badge variant="outline" color="gray">{t('attendance.absences.unjustified')}</Badge>;
  return (
    <Badge variant="light" color={justificationColors[status]} data-testid={`justification-${status}`}>
      {t(`attendance.justification.statuses.${status}`)}
    </Badge>
  );
}
