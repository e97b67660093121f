import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon, Alert, Anchor, Badge, Box, Button, Card, Group, Loader, Menu, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  blockWidgetTypes, columnWidgetTypes, emptyContent, fonts, layouts, mergeTags, modeLayouts, modes, modeViolations, modeWidgets,
  type Block, type ColumnWidget, type ColumnWidgetType, type Font, type LayoutId, type Mode, type SectionBlock, type TemplateContent,
} from '@alterna/mailbox/validation';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { errorMessage, ViolationError, type Violation } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { createTemplate, loadTemplate, previewDraft, updateTemplate, type MailTemplate } from './api';
import { PreviewFrame } from './PreviewFrame';
import { SettingsPanel } from './SettingsPanel';
import { addBlock, addWidget, move, remove, replace, sectionAt, widgetAt, type Selection } from './tree-edit';
import { managerTypologies } from '@alterna/core/validation';
import { usePageParams } from '../../page-params';


/** New mail template: the builder on an empty tree. */
export function NewTemplatePage() {
  return <TemplateEditor template={null} />;
}

/** Editing a mail template (its tree loaded from the server). */
export function EditTemplatePage() {
  const { t } = useTranslation();
  const { id = '' } = usePageParams('mailbox.templateEdit');
  const page = usePageData(['mailbox.template', id], () => loadTemplate(id), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  if (!page.data) return <Group justify="center" p="xl"><Loader aria-label={t('mailbox.editor.loading')} /></Group>;
  return <TemplateEditor key={page.data.template.id} template={page.data.template} />;
}

/** Small visual of a layout: its columns as bars of their widths. */
function LayoutGlyph({ layout }: { layout: LayoutId }) {
  return (
    <Group gap={2} wrap="nowrap" w="100%">
      {layouts[layout].map((width, i) => (
        <Box key={i} h={14} style={{ flexBasis: `${width}%`, background: 'var(--mantine-color-blue-2)', borderRadius: 2 }} />
      ))}
    </Group>
  );
}

/** Palette buttons: the whole label on narrow screens (two lines rather than cut). */
const paletteButton = { root: { height: 'auto', minHeight: 30 }, label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.15 } };

const same = (a: Selection | null, b: Selection) =>
  !!a && a.block === b.block && a.inner === b.inner && a.column === b.column && a.widget === b.widget;

/**
 * The builder (SPEC §9): a widget palette and a layout picker (what the mode offers), the outline of the tree,
 * the settings of what is selected, the mode, the font and the merge tags; the preview is the server's HTML of the
 * unsaved tree (the renderer that sends), in a sandboxed frame. The editor is the viewport's height minus 100px.
 */
function TemplateEditor({ template }: { template: MailTemplate | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const managed = useMemo(() => (me?.campuses ?? []).filter((c) => c.typologies.some((ty) => (managerTypologies as readonly string[]).includes(ty))), [me]);
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [subTitle, setSubTitle] = useState(template?.subTitle ?? '');
  const [campusId, setCampusId] = useState<string | null>(template ? template.campusId : managed.length > 1 ? null : (managed[0]?.id ?? null));
  const [content, setContent] = useState<TemplateContent>(template?.content ?? emptyContent('template'));
  const [selected, setSelected] = useState<Selection | null>(null);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [saving, setSaving] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [palette, setPalette] = useState<'widgets' | 'layouts'>('widgets');
  // The preview at the e-mail's own width (zoomed out to fit the pane) or a phone's, as mail clients show it.
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const pane = useElementSize();
  const frameWidth = device === 'desktop' ? content.width + 40 : 375;
  const zoom = pane.width > 0 ? Math.min(1, pane.width / frameWidth) : 1;
  const textRef = useRef<HTMLTextAreaElement | null>(null);

  const draft = useMemo(() => ({ subject, subTitle, content }), [subject, subTitle, content]);
  const [debounced] = useDebouncedValue(draft, 400);
  useEffect(() => {
    const abort = new AbortController();
    previewDraft(debounced, abort.signal)
      .then((body) => {
        setHtml(body);
        setPreviewError(null);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setPreviewError(error instanceof ViolationError ? error.violations.map((v) => v.message).join(' ') : errorMessage(error));
      });
    return () => abort.abort();
  }, [debounced]);

  const mode = content.mode;
  const widgetsOffered = modeWidgets[mode];
  const outOfMode = modeViolations(content);
  const selectedItem: ColumnWidget | Block | null = selected
    ? (widgetAt(content, selected) ?? (selected.inner !== undefined ? sectionAt(content, selected) : content.blocks[selected.block]) ?? null)
    : null;

  const apply = (next: { content: TemplateContent; at: Selection }) => {
    setContent(next.content);
    setSelected(next.at);
  };
  const insertTag = (tag: string) => {
    const literal = `{{${tag}}}`;
    const widget = widgetAt(content, selected);
    if (selected && widget?.type === 'text') {
      const area = textRef.current;
      const at = area ? area.selectionStart : widget.text.length;
      const text = `${widget.text.slice(0, at)}${literal}${widget.text.slice(area ? area.selectionEnd : at)}`;
      setContent(replace(content, selected, { ...widget, text }));
      return;
    }
    void navigator.clipboard?.writeText(literal).catch(() => undefined);
    toast.info(t('mailbox.editor.tagCopied', { tag: literal }));
  };

  const save = async () => {
    setSaving(true);
    setViolations([]);
    try {
      const body = { subject, subTitle, campusId, content };
      const saved = template ? await updateTemplate(template.id, body) : await createTemplate(body);
      toast.success(t('mailbox.editor.saved'));
      if (!template) await goTo('mailbox.templateEdit', { id: saved.template.id }, { replace: true });
    } catch (error) {
      setViolations(error instanceof ViolationError ? error.violations : [{ path: '', message: errorMessage(error) }]);
    } finally {
      setSaving(false);
    }
  };

  const widgetLabel = (type: string) => t(`mailbox.editor.widgets.${type}`);
  const outlineItem = (at: Selection, label: string, extra?: string) => (
    <UnstyledButton
      key={`${at.block}.${at.inner}.${at.column}.${at.widget}`}
      onClick={() => setSelected(at)}
      px="xs"
      py={4}
      style={{ borderRadius: 4, display: 'block', width: '100%', background: same(selected, at) ? 'var(--mantine-color-blue-1)' : undefined }}
      data-testid="outline-item"
      data-selected={same(selected, at) || undefined}
    >
      <Text size="sm" truncate>
        {label}
        {extra ? <Text span c="dimmed" size="xs"> · {extra}</Text> : null}
      </Text>
    </UnstyledButton>
  );
  const sectionOutline = (section: SectionBlock, at: Selection) => (
    <Box key={`${at.block}.${at.inner}`}>
      {outlineItem(at, t('mailbox.editor.section'), t(`mailbox.editor.layoutNames.${section.layout}`))}
      {section.columns.map((column, c) => (
        <Box key={c} pl="md">
          {section.columns.length > 1 && <Text size="xs" c="dimmed" px="xs">{t('mailbox.editor.column', { n: c + 1 })}</Text>}
          {!column.widgets.length && <Text size="xs" c="dimmed" fs="italic" px="xs">{t('mailbox.editor.emptyColumn')}</Text>}
          {column.widgets.map((w, k) =>
            outlineItem({ ...at, column: c, widget: k }, widgetLabel(w.type), w.type === 'text' ? w.text.slice(0, 30) : w.type === 'button' ? w.label : undefined))}
        </Box>
      ))}
    </Box>
  );

  return (
    <Stack gap="sm" data-testid="template-editor">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <PageTitle
          back={<Anchor component={PageLink} page="mailbox.templates" size="sm">← {t('mailbox.editor.back')}</Anchor>}
          title={template ? t('mailbox.editor.titleEdit') : t('mailbox.editor.titleNew')}
        />
        <Group gap="xs">
          {template && <Badge variant="light">{template.campusName ?? t('mailbox.templates.centreWide')}</Badge>}
          <Button onClick={() => void save()} loading={saving} data-testid="save-template">{t('mailbox.editor.save')}</Button>
        </Group>
      </Group>
      {!!violations.length && (
        <Alert color="red" variant="light" role="alert" title={t('mailbox.editor.refused')} data-testid="template-errors">
          <Stack gap={2}>
            {violations.map((v, i) => <Text key={i} size="sm">{v.message}</Text>)}
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 4 }} spacing="sm">
        <TextInput label={t('mailbox.templates.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} required data-testid="template-subject" />
        <TextInput label={t('mailbox.templates.subTitle')} value={subTitle} onChange={(e) => setSubTitle(e.currentTarget.value)} data-testid="template-subtitle" />
        <Select
          label={t('mailbox.templates.campus')}
          value={campusId ?? ''}
          allowDeselect={false}
          data={[{ value: '', label: t('mailbox.templates.centreWide') }, ...managed.map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(value) => setCampusId(value ? value : null)}
          data-testid="template-campus"
        />
        <Select
          label={t('mailbox.editor.font')}
          value={content.font}
          allowDeselect={false}
          data={[...fonts]}
          onChange={(font) => font && setContent({ ...content, font: font as Font })}
          data-testid="template-font"
        />
      </SimpleGrid>
      <Group gap="sm">
        <Text size="sm" fw={500}>{t('mailbox.editor.mode')}</Text>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(value) => setContent({ ...content, mode: value as Mode })}
          data={modes.map((m) => ({ value: m, label: t(`mailbox.editor.modes.${m}`) }))}
          data-testid="template-mode"
        />
        {!!outOfMode.length && <Text size="xs" c="orange">{t('mailbox.editor.outOfMode', { count: outOfMode.length })}</Text>}
        <Box style={{ flex: 1 }} />
        <Menu shadow="md" position="bottom-end">
          <Menu.Target>
            <Button variant="light" data-testid="merge-tags">{t('mailbox.editor.mergeTags')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('mailbox.editor.insertTag')}</Menu.Label>
            {mergeTags.map((tag) => (
              <Menu.Item key={tag} onClick={() => insertTag(tag)} data-testid={`merge-tag-${tag}`}>
                {t(`mailbox.editor.tags.${tag}`)} <Text span c="dimmed" size="xs">{`{{${tag}}}`}</Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Box style={{ height: 'calc(100vh - 100px)', minHeight: 480, display: 'grid', gridTemplateColumns: 'minmax(230px, 1fr) minmax(320px, 2fr) minmax(260px, 1.2fr)', gap: 12 }} data-testid="builder">
        <Card withBorder padding="sm" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <SegmentedControl
            fullWidth
            size="xs"
            value={palette}
            onChange={(value) => setPalette(value as 'widgets' | 'layouts')}
            data={[{ value: 'widgets', label: t('mailbox.editor.widgetsTab') }, { value: 'layouts', label: t('mailbox.editor.layoutsTab') }]}
            data-testid="palette-switch"
          />
          {palette === 'widgets' ? (
            <Box pt="xs">
              <SimpleGrid cols={2} spacing={6} data-testid="widget-palette">
                {columnWidgetTypes.filter((type) => widgetsOffered.includes(type)).map((type) => (
                  <Button key={type} size="xs" px={4} variant="default" styles={paletteButton} onClick={() => apply(addWidget(content, type as ColumnWidgetType, selected))} data-testid={`add-${type}`}>
                    {widgetLabel(type)}
                  </Button>
                ))}
                {blockWidgetTypes.filter((type) => widgetsOffered.includes(type)).map((type) => (
                  <Button key={type} size="xs" px={4} variant="default" styles={paletteButton} onClick={() => apply(addBlock(content, type, selected))} data-testid={`add-${type}`}>
                    {widgetLabel(type)}
                  </Button>
                ))}
              </SimpleGrid>
            </Box>
          ) : (
            <Box pt="xs">
              <SimpleGrid cols={2} spacing={6} data-testid="layout-picker">
                {modeLayouts[mode].map((layout) => (
                  <UnstyledButton
                    key={layout}
                    onClick={() => apply(addBlock(content, layout, selected))}
                    p={6}
                    style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
                    data-testid={`layout-${layout}`}
                    aria-label={t(`mailbox.editor.layoutNames.${layout}`)}
                  >
                    <LayoutGlyph layout={layout} />
                    <Text size="xs" ta="center" mt={4}>{t(`mailbox.editor.layoutNames.${layout}`)}</Text>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </Box>
          )}
          <Title order={2} fz="sm" mt="md" mb={4}>{t('mailbox.editor.structure')}</Title>
          <ScrollArea style={{ flex: 1 }} data-testid="outline">
            {outlineItem({ block: -1 }, t('mailbox.editor.page'))}
            {content.blocks.map((block, i) =>
              block.type === 'section' ? sectionOutline(block, { block: i })
                : block.type === 'wrapper' ? (
                  <Box key={i}>
                    {outlineItem({ block: i }, widgetLabel('wrapper'))}
                    <Box pl="md">{block.sections.map((s, j) => sectionOutline(s, { block: i, inner: j }))}</Box>
                  </Box>
                ) : outlineItem({ block: i }, widgetLabel('hero'), block.title))}
          </ScrollArea>
        </Card>

        <Card withBorder padding={0} style={{ minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={500}>{t('mailbox.editor.preview')}</Text>
            <SegmentedControl
              size="xs"
              value={device}
              onChange={(value) => setDevice(value as 'desktop' | 'mobile')}
              data={[{ value: 'desktop', label: t('mailbox.editor.desktop') }, { value: 'mobile', label: t('mailbox.editor.mobile') }]}
              data-testid="preview-device"
            />
          </Group>
          {previewError && <Text size="xs" c="red" px="sm" py={4} data-testid="preview-error">{previewError}</Text>}
          <Box ref={pane.ref} style={{ flex: 1, minHeight: 0, overflow: 'hidden', display: 'flex', justifyContent: 'center', background: 'var(--mantine-color-gray-1)' }}>
            {html !== null ? (
              <PreviewFrame html={html} title={t('mailbox.editor.preview')}
                style={{ width: frameWidth, height: pane.height / zoom, zoom, border: 0, background: 'white', flex: 'none' }} />
            ) : (
              <Group justify="center" p="xl"><Loader size="sm" /></Group>
            )}
          </Box>
        </Card>

        <Card withBorder padding="sm" style={{ minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="sm">{selectedItem ? widgetLabel(selectedItem.type) : t('mailbox.editor.page')}</Title>
            {selected && selected.block >= 0 && (
              <Group gap={4}>
                <ActionIcon variant="default" size="sm" aria-label={t('mailbox.editor.moveUp')} onClick={() => apply(move(content, selected, -1))}>↑</ActionIcon>
                <ActionIcon variant="default" size="sm" aria-label={t('mailbox.editor.moveDown')} onClick={() => apply(move(content, selected, 1))}>↓</ActionIcon>
                <ActionIcon
                  variant="light"
                  color="red"
                  size="sm"
                  aria-label={t('mailbox.editor.remove')}
                  onClick={() => { setContent(remove(content, selected)); setSelected(null); }}
                  data-testid="remove-selected"
                >
                  ×
                </ActionIcon>
              </Group>
            )}
          </Group>
          <ScrollArea style={{ flex: 1 }} data-testid="settings">
            {selected && selected.block >= 0 && selectedItem ? (
              <SettingsPanel
                key={`${selected.block}.${selected.inner}.${selected.column}.${selected.widget}`}
                item={selectedItem}
                mode={mode}
                campusId={campusId}
                textRef={textRef}
                onChange={(value) => setContent(replace(content, selected, value))}
              />
            ) : (
              <PageSettings content={content} onChange={setContent} />
            )}
          </ScrollArea>
        </Card>
      </Box>
    </Stack>
  );
}

/** The whole page's settings: background colours and width. */
function PageSettings({ content, onChange }: { content: TemplateContent; onChange(next: TemplateContent): void }) {
  const { t } = useTranslation();
  const colour = (key: 'backgroundColor' | 'contentBackgroundColor') => (
    <TextInput
      label={t(`mailbox.editor.fields.${key}`)}
      value={content[key]}
      onChange={(e) => onChange({ ...content, [key]: e.currentTarget.value })}
      leftSection={<Box w={14} h={14} style={{ background: content[key], borderRadius: 3, border: '1px solid var(--mantine-color-gray-4)' }} />}
    />
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">{t('mailbox.editor.pageHelp')}</Text>
      {colour('backgroundColor')}
      {colour('contentBackgroundColor')}
      <Select
        label={t('mailbox.editor.fields.width')}
        value={String(content.width)}
        allowDeselect={false}
        data={['480', '600', '700', '800']}
        onChange={(w) => w && onChange({ ...content, width: Number(w) })}
      />
    </Stack>
  );
}
