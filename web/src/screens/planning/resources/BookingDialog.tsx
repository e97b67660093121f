import { Button, Group, Modal, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bookingFormSchema } from '@alterna/planning/validation';
import { parisDay, parisTime, parisWallClock } from '@alterna/planning/validation';
import { confirm } from '../../../shared/dialogs';
import { ServerForm, useServerForm } from '../../../shared/form';
import { errorMessage, requestJson } from '../../../shared/http';
import { toast } from '../../../shared/toast';
import { postForm, resourceRoutes, type OccupancyBooking } from './api';
import { DateField, TimeField } from '../../../shared/DateFields';

export interface BookingTarget {
  campusId: string;
  startDate: string;
  endDate: string;
  room: { id: string; name: string };
  /** Editing this booking; a new one otherwise. */
  booking: OccupancyBooking | null;
  /** A new booking's proposed day and times. */
  date: string;
  startTime: string;
  endTime: string;
}

interface Values {
  title: string;
  description: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** "Book this room", or a booking's edit and delete: a Paris day and two times, sent as instants. */
export function BookingDialog({ target, onClose, onSaved }: { target: BookingTarget; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { booking, campusId, startDate, endDate } = target;
  const form = useServerForm<Values, { message: string }>({
    initialValues: booking
      ? { title: booking.title, description: booking.description ?? '', date: parisDay(booking.startAt), startTime: parisTime(booking.startAt), endTime: parisTime(booking.endAt) }
      : { title: '', description: '', date: target.date, startTime: target.startTime, endTime: target.endTime },
    validationSchema: bookingFormSchema,
    action: (values) => {
      const body = {
        title: values.title.trim(),
        description: values.description.trim() || null,
        startAt: parisWallClock(values.date, values.startTime),
        endAt: parisWallClock(values.date, values.endTime),
      };
      const url = booking ? resourceRoutes.bookingEdit(booking.id, campusId, startDate, endDate) : resourceRoutes.bookingCreate(campusId, target.room.id, startDate, endDate);
      return postForm<{ message: string }>(url, body, { startAt: 'startTime', endAt: 'endTime' });
    },
    onSuccess: (data) => {
      toast.success(data.message);
      onSaved();
    },
  });

  const remove = async () => {
    if (!booking) return;
    const ok = await confirm({
      title: t('planning.resources.booking.deleteTitle'),
      message: t('planning.resources.booking.deleteConfirm', { title: booking.title, room: target.room.name }),
      confirmLabel: t('planning.resources.delete'),
      color: 'red',
    });
    if (!ok) return;
    try {
      const answer = await requestJson<{ message: string }>('POST', resourceRoutes.bookingDelete(booking.id, campusId, startDate, endDate));
      toast.success(answer.message);
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Modal opened onClose={onClose} centered size="lg" title={t(booking ? 'planning.resources.booking.editTitle' : 'planning.resources.booking.newTitle', { room: target.room.name })}>
      <ServerForm form={form} data-testid="booking-form">
        <TextInput id="title" label={t('planning.resources.booking.title')} required maxLength={160} data-autofocus {...form.inputProps('title')} />
        <Group grow align="flex-start">
          <DateField id="date" label={t('planning.resources.booking.date')} required {...form.inputProps('date')} />
          <TimeField id="startTime" label={t('planning.resources.booking.startTime')} required {...form.inputProps('startTime')} />
          <TimeField id="endTime" label={t('planning.resources.booking.endTime')} required {...form.inputProps('endTime')} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('planning.resources.booking.rules')}
        </Text>
        <Textarea id="description" label={t('planning.resources.booking.description')} autosize minRows={2} {...form.inputProps('description')} />
        <Group justify="space-between">
          {booking ? (
            <Button variant="subtle" color="red" onClick={() => void remove()} data-testid="booking-delete">
              {t('planning.resources.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting} data-testid="booking-form-submit">
              {t(booking ? 'planning.resources.save' : 'planning.resources.booking.book')}
            </Button>
          </Group>
        </Group>
      </ServerForm>
    </Modal>
  );
}
