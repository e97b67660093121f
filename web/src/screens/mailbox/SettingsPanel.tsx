import { useState, type RefObject } from 'react';
import { ActionIcon, Button, ColorInput, FileButton, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  aligns, fonts, layoutIds, limits, modeLayouts, socialNetworks,
  type Block, type ColumnWidget, type Mode, type SectionBlock,
} from '@alterna/mailbox/validation';
import { DecimalInput } from '../../shared/DecimalInput';
import { errorMessage, ViolationError } from '../../shared/http';
import { toast } from '../../shared/toast';
import { uploadImage } from './api';
import { relayout } from './tree-edit';

interface Props {
  item: ColumnWidget | Block;
  mode: Mode;
  campusId: string | null;
  onChange(value: ColumnWidget | Block): void;
  textRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * A whole number of the tree (a size, a width): what is typed out of range (or blank where a value is needed) is
 * refused with the schema's message and left out of the tree, which keeps its last good value; never clamped.
 */
function NumberSetting({ label, value, range, nullable, onChange, testId }: {
  label: string; value: number | null; range: readonly [number, number]; nullable: boolean; onChange: (value: number | null) => void; testId: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<number | null>(value);
  const error = typed === null
    ? (nullable ? undefined : t('mailbox.validation.required'))
    : !Number.isInteger(typed) || typed < range[0] || typed > range[1] ? t('mailbox.validation.between', { min: range[0], max: range[1] }) : undefined;
  return (
    <DecimalInput
      label={label}
      integer
      value={value}
      error={error}
      onChange={(next) => {
        setTyped(next);
        if (next === null ? nullable : Number.isInteger(next) && next >= range[0] && next <= range[1]) onChange(next);
      }}
      data-testid={testId}
    />
  );
}

/** The settings of the selected widget or block (SPEC §9 builder): each field edits the tree at once. */
export function SettingsPanel({ item, mode, campusId, onChange, textRef }: Props) {
  const { t } = useTranslation();
  const set = (patch: Record<string, unknown>) => onChange({ ...item, ...patch } as ColumnWidget | Block);
  const label = (key: string) => t(`mailbox.editor.fields.${key}`);
  const alignControl = (value: string, withJustify = false) => (
    <div>
      <Text size="sm" fw={500} mb={4}>{label('align')}</Text>
      <SegmentedControl
        size="xs"
        value={value}
        onChange={(align) => set({ align })}
        data={[...aligns, ...(withJustify ? ['justify'] : [])].map((a) => ({ value: a, label: t(`mailbox.editor.align.${a}`) }))}
      />
    </div>
  );
  const color = (key: string, value: string | null, nullable = false) => (
    <ColorInput
      label={label(key)}
      value={value ?? ''}
      format="hex"
      onChange={(v) => set({ [key]: v ? v : nullable ? null : value })}
      data-testid={`field-${key}`}
    />
  );
  const number = (key: string, value: number | null, range: readonly [number, number], nullable = false) => (
    <NumberSetting label={label(key)} value={value} range={range} nullable={nullable} onChange={(v) => set({ [key]: v })} testId={`field-${key}`} />
  );
  const text = (key: string, value: string, placeholder?: string) => (
    <TextInput label={label(key)} value={value} placeholder={placeholder} onChange={(e) => set({ [key]: e.currentTarget.value })} data-testid={`field-${key}`} />
  );
  const upload = (key: string) => (
    <FileButton
      accept="image/png,image/jpeg,image/gif,image/webp"
      onChange={async (file) => {
        if (!file) return;
        try {
          const { imageUrl } = await uploadImage(file, campusId);
          set({ [key]: imageUrl });
          toast.success(t('mailbox.editor.uploaded'));
        } catch (error) {
          // SPEC §8: upload errors in a toast, joined by line breaks.
          const messages = error instanceof ViolationError ? error.violations.map((v) => v.message) : [errorMessage(error)];
          toast.error(<span style={{ whiteSpace: 'pre-line' }} data-testid="upload-error">{messages.join('\n')}</span>);
        }
      }}
    >
      {(props) => <Button variant="light" size="xs" {...props} data-testid="upload-image">{t('mailbox.editor.upload')}</Button>}
    </FileButton>
  );

  switch (item.type) {
    case 'text':
      return (
        <Stack gap="sm">
          <Textarea
            ref={textRef}
            label={label('text')}
            value={item.text}
            autosize
            minRows={4}
            maxRows={14}
            onChange={(e) => set({ text: e.currentTarget.value })}
            data-testid="field-text"
          />
          <Group grow>
            {number('fontSize', item.fontSize, limits.fontSize)}
            {color('color', item.color)}
          </Group>
          {alignControl(item.align, true)}
          <Group>
            <Switch label={label('bold')} checked={item.bold} onChange={(e) => set({ bold: e.currentTarget.checked })} />
            <Switch label={label('italic')} checked={item.italic} onChange={(e) => set({ italic: e.currentTarget.checked })} />
          </Group>
          <Select
            label={label('font')}
            placeholder={t('mailbox.editor.templateFont')}
            clearable
            value={item.font}
            data={[...fonts]}
            onChange={(font) => set({ font })}
          />
        </Stack>
      );
    case 'image':
      return (
        <Stack gap="sm">
          {text('src', item.src, 'https://')}
          {upload('src')}
          {text('alt', item.alt)}
          {text('href', item.href, 'https://')}
          {number('width', item.width, limits.image, true)}
          {alignControl(item.align)}
        </Stack>
      );
    case 'button':
      return (
        <Stack gap="sm">
          {text('label', item.label)}
          {text('href', item.href, 'https://')}
          <Group grow>
            {color('backgroundColor', item.backgroundColor)}
            {color('color', item.color)}
          </Group>
          <Group grow>
            {number('fontSize', item.fontSize, limits.fontSize)}
            {number('borderRadius', item.borderRadius, limits.radius)}
          </Group>
          {alignControl(item.align)}
        </Stack>
      );
    case 'social':
      return (
        <Stack gap="sm">
          {item.networks.map((network, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label={i === 0 ? label('network') : undefined}
                w={130}
                value={network.network}
                data={[...socialNetworks]}
                allowDeselect={false}
                onChange={(value) => set({ networks: item.networks.map((n, k) => (k === i ? { ...n, network: value ?? n.network } : n)) })}
              />
              <TextInput
                label={i === 0 ? label('href') : undefined}
                style={{ flex: 1 }}
                value={network.href}
                onChange={(e) => { const href = e.currentTarget.value; set({ networks: item.networks.map((n, k) => (k === i ? { ...n, href } : n)) }); }}
              />
              <ActionIcon variant="subtle" color="red" aria-label={t('mailbox.editor.remove')} onClick={() => set({ networks: item.networks.filter((_, k) => k !== i) })}>×</ActionIcon>
            </Group>
          ))}
          {item.networks.length < socialNetworks.length && (
            <Button size="xs" variant="light" onClick={() => set({ networks: [...item.networks, { network: socialNetworks.find((n) => !item.networks.some((x) => x.network === n)) ?? 'facebook', href: 'https://' }] })}>
              {t('mailbox.editor.addNetwork')}
            </Button>
          )}
          {alignControl(item.align)}
        </Stack>
      );
    case 'divider':
      return (
        <Stack gap="sm">
          {color('color', item.color)}
          <Group grow>
            {number('thickness', item.thickness, limits.thickness)}
            {number('widthPercent', item.widthPercent, [10, 100])}
          </Group>
        </Stack>
      );
    case 'spacer':
      return <Stack gap="sm">{number('height', item.height, limits.spacer)}</Stack>;
    case 'hero':
      return (
        <Stack gap="sm">
          {text('title', item.title)}
          <Textarea label={label('text')} value={item.text} autosize minRows={2} onChange={(e) => set({ text: e.currentTarget.value })} />
          <Group grow>
            {color('backgroundColor', item.backgroundColor)}
            {color('color', item.color)}
          </Group>
          {text('backgroundUrl', item.backgroundUrl, 'https://')}
          {upload('backgroundUrl')}
          {number('height', item.height, limits.hero)}
          {text('buttonLabel', item.buttonLabel)}
          {text('buttonHref', item.buttonHref, 'https://')}
        </Stack>
      );
    case 'wrapper':
      return (
        <Stack gap="sm">
          {color('backgroundColor', item.backgroundColor, true)}
          {color('borderColor', item.borderColor, true)}
          {number('padding', item.padding, limits.padding)}
        </Stack>
      );
    case 'section':
      return (
        <Stack gap="sm">
          <Select
            label={label('layout')}
            value={item.layout}
            allowDeselect={false}
            data={layoutIds.filter((id) => modeLayouts[mode].includes(id) || id === item.layout).map((id) => ({ value: id, label: t(`mailbox.editor.layoutNames.${id}`) }))}
            onChange={(layout) => layout && onChange(relayout(item as SectionBlock, layout as SectionBlock['layout']))}
            data-testid="field-layout"
          />
          {color('backgroundColor', item.backgroundColor, true)}
        </Stack>
      );
  }
}
