import { useState } from 'react';
import {
  ActionIcon, Alert, Anchor, Badge, Button, Card, FileButton, Grid, Group, Modal, MultiSelect, NavLink, Select, Stack, Switch, Table, Text, TextInput, Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileTypologyReferences, formatSize, typologyRules, uploadIgnored, uploadProblems, type FileTypology, type TypologyRules } from '@alterna/files/validation';
import { DateField } from '../../shared/DateFields';
import { confirm, errorDialog } from '../../shared/dialogs';
import { errorMessage, type Violation, ViolationError } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { HistoryButton } from '../../shared/HistoryPanel';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { useMe } from '../../session';
import {
  createFolder, deleteFile, deleteFolder, downloadUrl, editFile, uploadFile, loadDocuments, loadPlanningGroups, togglePublished, updateExpirationDate, updateFolder,
  type Folder, type ManagedFile,
} from './api';
import { StoredFileIcon } from './FileIcon';
import { FilesDropzone } from './FilesDropzone';
import { HiddenHeader } from '../../shared/HiddenHeader';

const managePermission = 'files.document.manage';

/** Staff "Documents": a campus's folder tree, the files of the chosen folder, the uploader and the folder dialogs. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const campuses = me?.campuses ?? [];
  const canManage = me?.permissions.includes(managePermission) ?? false;
  const [campus, setCampus] = useState<string | null>(campuses[0]?.id ?? null);
  const page = usePageData(['files.documents', campus], () => loadDocuments(campus!), { enabled: !!campus });
  const [chosen, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ mode: 'create' | 'edit'; parent: string | null; folder: Folder | null } | null>(null);

  const folders = page.data?.folders ?? [];
  // The folder chosen while it exists, else the campus's root folder.
  const selected = chosen && folders.some((f) => f.id === chosen) ? chosen : (folders.find((f) => !f.parent)?.id ?? null);
  const folder = folders.find((f) => f.id === selected) ?? null;
  const files = (page.data?.files ?? []).filter((file) => file.folderId === selected);
  // The server's sizes (FILES_<TYPOLOGY>_MAX_MB), the defaults until the page is read.
  const typologies = page.data?.typologies ?? typologyRules();

  async function removeFolder(target: Folder) {
    const ok = await confirm({ title: t('files.folders.deleteTitle'), message: t('files.folders.deleteConfirm', { name: target.folderName }), color: 'red', confirmLabel: t('files.actions.delete') });
    if (!ok) return;
    try {
      const answer = await deleteFolder(target.id);
      toast.success(answer.message);
      setSelected(target.parent?.id ?? null);
      await page.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Stack gap="lg" data-testid="documents-page">
      <PageTitle title={t('files.staff.title')} intro={t('files.staff.intro')} />
      {campuses.length > 1 && (
        <Select
          label={t('files.staff.campus')} w={260} allowDeselect={false}
          data={campuses.map((c) => ({ value: c.id, label: c.name }))} value={campus} onChange={(value) => { setCampus(value); setSelected(null); }}
          data-testid="documents-campus"
        />
      )}
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="sm">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="md">{t('files.folders.title')}</Title>
              {canManage && (
                <Button size="xs" variant="light" onClick={() => setDialog({ mode: 'create', parent: null, folder: null })} data-testid="folder-new">
                  {t('files.folders.new')}
                </Button>
              )}
            </Group>
            {!folders.length && page.data && <Text size="sm" c="dimmed">{t('files.folders.none')}</Text>}
            <FolderTree folders={folders} parent={null} selected={selected} onSelect={setSelected} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {folder ? (
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={2} fz="xl" data-testid="folder-title">{folder.folderName}</Title>
                  <Group gap={4} mt={4}>
                    <Text size="sm" c="dimmed">{t('files.folders.groups')}</Text>
                    {folder.planningGroups.length
                      ? folder.planningGroups.map((group) => <Badge key={group.id} variant="light" size="sm">{group.name}</Badge>)
                      : <Text size="sm" c="dimmed">{t('files.folders.noGroup')}</Text>}
                  </Group>
                </div>
                {canManage && (
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setDialog({ mode: 'create', parent: folder.id, folder: null })} data-testid="folder-new-sub">{t('files.folders.newSub')}</Button>
                    <Button size="xs" variant="default" onClick={() => setDialog({ mode: 'edit', parent: folder.parent?.id ?? null, folder })} data-testid="folder-edit">{t('files.folders.edit')}</Button>
                    <Button size="xs" variant="light" color="red" onClick={() => void removeFolder(folder)} data-testid="folder-delete">{t('files.actions.delete')}</Button>
                  </Group>
                )}
              </Group>
              <FilesTable files={files} typologies={typologies} canManage={canManage} onChanged={() => void page.reload()} />
              {canManage && <FilesDropzone folderId={folder.id} typologies={typologies} onUploaded={() => void page.reload()} />}
            </Stack>
          ) : (
            page.data && <Text c="dimmed">{t('files.folders.choose')}</Text>
          )}
        </Grid.Col>
      </Grid>
      {dialog && campus && (
        <FolderDialog
          {...dialog} campus={campus} folders={folders}
          onClose={() => setDialog(null)}
          onSaved={async (saved) => {
            setDialog(null);
            toast.success(t('files.folders.saved', { name: saved.folderName }));
            await page.reload();
            setSelected(saved.id);
          }}
        />
      )}
    </Stack>
  );
}

/** A small folder drawing (no emoji: not every system has the font). */
function FolderGlyph() {
  return (
    <svg width="18" height="14" viewBox="0 0 18 14" aria-hidden>
      <path d="M1 2.5A1.5 1.5 0 0 1 2.5 1h4l1.5 2h7.5A1.5 1.5 0 0 1 17 4.5v7A1.5 1.5 0 0 1 15.5 13h-13A1.5 1.5 0 0 1 1 11.5z" fill="#fcc419" stroke="#e8a300" />
    </svg>
  );
}

function FolderTree({ folders, parent, selected, onSelect }: { folders: Folder[]; parent: string | null; selected: string | null; onSelect: (id: string) => void }) {
  const children = folders.filter((f) => (f.parent?.id ?? null) === parent);
  if (!children.length) return null;
  return (
    <>
      {children.map((f) => {
        const hasChildren = folders.some((c) => c.parent?.id === f.id);
        return (
          <NavLink
            key={f.id} label={f.folderName} active={f.id === selected} onClick={() => onSelect(f.id)} defaultOpened
            childrenOffset={16} data-testid="folder-node" data-name={f.folderName}
            leftSection={<FolderGlyph />}
          >
            {hasChildren ? <FolderTree folders={folders} parent={f.id} selected={selected} onSelect={onSelect} /> : undefined}
          </NavLink>
        );
      })}
    </>
  );
}

function FilesTable({ files, typologies, canManage, onChanged }: { files: ManagedFile[]; typologies: TypologyRules; canManage: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const [editing, setEditing] = useState<ManagedFile | null>(null);
  if (!files.length) return <Text size="sm" c="dimmed" data-testid="files-empty">{t('files.table.none')}</Text>;

  async function toggle(file: ManagedFile) {
    try {
      const { file: saved } = await togglePublished(file.id);
      toast.success(t(saved.published ? 'files.table.publishedNow' : 'files.table.unpublishedNow', { name: saved.name }));
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  // Saved when asked (the row's Save button), never on every keystroke; the server's message in a toast.
  async function expire(file: ManagedFile, value: string): Promise<boolean> {
    if ((value || null) === file.expirationDate) return true;
    try {
      const { message } = await updateExpirationDate(file.id, value || null);
      toast.success(message);
      onChanged();
      return true;
    } catch (error) {
      // SPEC §8: an error dialog with the translated error title and the server's message.
      await errorDialog(errorMessage(error));
      return false;
    }
  }
  async function remove(file: ManagedFile) {
    const ok = await confirm({ title: t('files.table.deleteTitle'), message: t('files.table.deleteConfirm', { name: file.name }), color: 'red', confirmLabel: t('files.actions.delete') });
    if (!ok) return;
    try {
      toast.success((await deleteFile(file.id)).message);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" data-testid="files-table">
        <Table.Thead>
          <Table.Tr>
            <HiddenHeader label={t('table.kind')} />
            <Table.Th>{t('files.table.name')}</Table.Th>
            <Table.Th>{t('files.table.typology')}</Table.Th>
            <Table.Th>{t('files.table.expiration')}</Table.Th>
            <Table.Th>{t('files.table.published')}</Table.Th>
            {canManage && <HiddenHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id} data-testid="file-row" data-name={file.name}>
              <Table.Td w={40}><StoredFileIcon contentType={file.contentType} name={file.name} /></Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Anchor href={downloadUrl(file.id)} size="sm" fw={500}>{file.name}</Anchor>
                  <HistoryButton kind="file" id={file.id} icon name={file.name} />
                </Group>
                <Text size="xs" c="dimmed">{formatSize(file.size, language)}{file.owner ? ` · ${t('files.table.owner', { name: `${file.owner.firstName} ${file.owner.lastName}` })}` : ''}</Text>
              </Table.Td>
              <Table.Td>{t(`files.typologies.${file.typologyReference}`)}</Table.Td>
              <Table.Td w={170}>
                <ExpiryField file={file} disabled={!canManage} save={(value) => expire(file, value)} />
              </Table.Td>
              <Table.Td>
                <Switch checked={file.published} disabled={!canManage} onChange={() => void toggle(file)} aria-label={t('files.table.published')} data-testid="file-published" />
              </Table.Td>
              {canManage && (
                <Table.Td w={90}>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" onClick={() => setEditing(file)} aria-label={t('files.folders.edit')} data-testid="file-edit">✎</ActionIcon>
                    <ActionIcon variant="subtle" color="red" onClick={() => void remove(file)} aria-label={t('files.actions.delete')} data-testid="file-delete">✕</ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <FileDialog file={editing} typologies={typologies} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); onChanged(); }} />}
    </Table.ScrollContainer>
  );
}

/**
 * A file's name and typology, and its replacement: the default uploader (SPEC §9: one file, auto upload) sends the
 * chosen file at once under the file's typology; the old bytes stay until the new ones are stored.
 */
function FileDialog({ file, typologies, onClose, onSaved }: { file: ManagedFile; typologies: TypologyRules; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const [name, setName] = useState(file.name);
  const [typology, setTypology] = useState<FileTypology>(file.typologyReference);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [busy, setBusy] = useState(false);
  const violation = (path: string) => violations.filter((v) => v.path === path).map((v) => v.message).join(' ') || null;

  async function save() {
    setBusy(true);
    setViolations([]);
    try {
      toast.success((await editFile(file, { name, typologyReference: typology })).message);
      onSaved();
    } catch (error) {
      setViolations(error instanceof ViolationError && error.violations.length ? error.violations : [{ path: '', message: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  }

  async function replace(chosen: File | null) {
    if (!chosen || uploadIgnored({ blockAutoUpload: true, typologyReference: typology })) return;
    const problems = uploadProblems({ type: chosen.type, size: chosen.size }, typologies[typology], language);
    if (problems.length) {
      toast.error(<span style={{ whiteSpace: 'pre-line' }}>{problems.map((p) => t(p.key, p.values)).join('\n')}</span>);
      return;
    }
    setBusy(true);
    try {
      toast.success((await uploadFile(chosen, { typology, replace: file.id })).message);
      onSaved();
    } catch (error) {
      toast.error(<span style={{ whiteSpace: 'pre-line' }}>{(error instanceof ViolationError && error.violations.length ? error.violations.map((v) => v.message) : [errorMessage(error)]).join('\n')}</span>);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{t('files.table.editTitle')}</Text>} centered>
      <form onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <Stack gap="sm" data-testid="file-dialog">
          {violations.filter((v) => !['name', 'typologyReference'].includes(v.path)).map((v, i) => <Alert key={i} color="red" variant="light" role="alert">{v.message}</Alert>)}
          <TextInput label={t('files.table.fileName')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={violation('name')} required data-testid="file-name" />
          <Select
            label={t('files.table.typology')} allowDeselect={false} value={typology} onChange={(value) => value && setTypology(value as FileTypology)} error={violation('typologyReference')}
            data={fileTypologyReferences.map((value) => ({ value, label: t(`files.typologies.${value}`) }))}
          />
          <Group justify="space-between" mt="sm">
            <FileButton onChange={(chosen) => void replace(chosen)}>
              {(props) => <Button {...props} variant="light" disabled={busy} data-testid="file-replace">{t('files.table.replace')}</Button>}
            </FileButton>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>{t('dialog.cancel')}</Button>
              <Button type="submit" loading={busy} data-testid="file-save">{t('files.actions.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Creates a folder (under `parent`) or edits one: its name, its parent and the planning groups allowed to see it. */
function FolderDialog({ mode, parent, folder, campus, folders, onClose, onSaved }: {
  mode: 'create' | 'edit'; parent: string | null; folder: Folder | null; campus: string; folders: Folder[];
  onClose: () => void; onSaved: (folder: Folder) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(folder?.folderName ?? '');
  const [parentId, setParentId] = useState<string | null>(parent);
  const [groups, setGroups] = useState<string[]>(folder?.planningGroups.map((g) => g.id) ?? folders.find((f) => f.id === parent)?.planningGroups.map((g) => g.id) ?? []);
  const groupOptions = usePageData(['files.planningGroups', campus], () => loadPlanningGroups(campus));
  const options = groupOptions.data ?? [];
  const [violations, setViolations] = useState<Violation[]>([]);
  const [saving, setSaving] = useState(false);
  const violation = (path: string) => violations.filter((v) => v.path === path).map((v) => v.message).join(' ') || null;
  // The groups that failed to load show as the form's own errors do.
  const others = [
    ...(groupOptions.error ? [{ path: '', message: groupOptions.error }] : []),
    ...violations.filter((v) => !['folderName', 'parent', 'planningGroups'].includes(v.path)),
  ];

  async function save() {
    setSaving(true);
    setViolations([]);
    try {
      const saved = mode === 'create'
        ? (await createFolder({ folderName: name, campus, parent: parentId, planningGroups: groups })).createPepalFolder.pepalFolder
        : (await updateFolder({ id: folder!.id, folderName: name, parent: parentId, planningGroups: groups })).updatePepalFolder.pepalFolder;
      await onSaved(saved);
    } catch (error) {
      setViolations(error instanceof ViolationError && error.violations.length ? error.violations : [{ path: '', message: errorMessage(error) }]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{t(mode === 'create' ? 'files.folders.createTitle' : 'files.folders.editTitle')}</Text>} centered data-testid="folder-dialog">
      <form onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <Stack gap="sm">
          {others.map((v, i) => <Alert key={i} color="red" variant="light" role="alert">{v.message}</Alert>)}
          <TextInput label={t('files.folders.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={violation('folderName')} required data-autofocus data-testid="folder-name" />
          <Select
            label={t('files.folders.parent')} clearable placeholder={t('files.folders.top')} value={parentId} onChange={setParentId} error={violation('parent')}
            data={folders.filter((f) => f.id !== folder?.id).map((f) => ({ value: f.id, label: f.folderName }))}
          />
          <MultiSelect
            label={t('files.folders.groups')} description={t('files.folders.groupsHelp')} searchable value={groups} onChange={setGroups} error={violation('planningGroups')}
            data={options.map((o) => ({ value: o.id, label: o.name }))} data-testid="folder-groups"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>{t('dialog.cancel')}</Button>
            <Button type="submit" loading={saving} data-testid="folder-save">{t('files.actions.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A document's expiry: typed freely, saved by its Save button (or Enter), which shows only once it changed. */
function ExpiryField({ file, disabled, save }: { file: ManagedFile; disabled: boolean; save: (value: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = draft ?? file.expirationDate ?? '';
  const changed = draft !== null && (draft || null) !== file.expirationDate;
  const submit = async () => {
    if (!changed) return;
    setSaving(true);
    if (await save(draft ?? '')) setDraft(null);
    setSaving(false);
  };
  return (
    <Stack gap={4} onKeyDown={(event) => { if (event.key === 'Enter' && changed) { event.preventDefault(); void submit(); } }}>
      <DateField
        size="xs" value={value} disabled={disabled} aria-label={t('files.table.expiration')}
        onChange={(event) => setDraft(event.currentTarget.value)} data-testid="file-expiration"
      />
      {changed && (
        <Button size="compact-sm" fullWidth loading={saving} onClick={() => void submit()} data-testid="file-expiration-save" aria-label={t('files.table.expirationSave', { name: file.name })}>
          {t('files.table.save')}
        </Button>
      )}
    </Stack>
  );
}
