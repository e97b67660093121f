import { useEffect, useRef, type MutableRefObject } from 'react';
import EditorJS, { type OutputData, type ToolConstructable } from '@editorjs/editorjs';
import Header from '@editorjs/header';
import ImageTool from '@editorjs/image';
import LinkTool from '@editorjs/link';
import List from '@editorjs/list';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/http';
import { toast } from '../../shared/toast';
import { deleteEditorImage, uploadEditorImage } from './api';

// Editor.js lives only in the news form page's chunk: this file is imported by NewsFormPage alone.

const imagesOf = (data: OutputData | null | undefined): string[] =>
  (data?.blocks ?? []).filter((block) => block.type === 'image').map((block) => String((block.data as { file?: { url?: string } }).file?.url ?? '')).filter(Boolean);

/** Editor.js's own interface texts in French (English is its default). */
const frenchUi = {
  messages: {
    ui: {
      blockTunes: { toggler: { 'Click to tune': 'Cliquez pour régler', 'or drag to move': 'ou glissez pour déplacer' } },
      inlineToolbar: { converter: { 'Convert to': 'Convertir en' } },
      toolbar: { toolbox: { Add: 'Ajouter' } },
      popover: { Filter: 'Filtrer', 'Nothing found': 'Aucun résultat' },
    },
    toolNames: { Text: 'Texte', Heading: 'Titre', List: 'Liste', 'Unordered List': 'Liste à puces', 'Ordered List': 'Liste numérotée', Checklist: 'Cases à cocher', Image: 'Image', Link: 'Lien', Bold: 'Gras', Italic: 'Italique' },
    tools: {
      image: { Caption: 'Légende', 'Select an Image': 'Choisir une image', 'With border': 'Avec bordure', 'Stretch image': "Étirer l'image", 'With background': 'Avec fond' },
      linkTool: { Link: 'Lien', "Couldn't fetch the link data": 'Impossible de lire ce lien', "Couldn't get this link data, try the other one": 'Impossible de lire ce lien, essayez-en un autre', 'Wrong response format from the server': 'Réponse inattendue du serveur' },
      link: { 'Add a link': 'Ajouter un lien' },
      header: { 'Heading 2': 'Titre 2', 'Heading 3': 'Titre 3', 'Heading 4': 'Titre 4' },
    },
    blockTunes: { delete: { Delete: 'Supprimer', 'Click to delete': 'Cliquez pour supprimer' }, moveUp: { 'Move up': 'Monter' }, moveDown: { 'Move down': 'Descendre' } },
  },
};

/** What the form asks of the editor when it is sent: its content now (onChange comes late, after a pause). */
export interface NewsEditorHandle {
  content(): Promise<OutputData>;
}

interface NewsEditorProps {
  /** The editor's data when it mounts (later changes of the prop are not pushed into it). */
  initial: OutputData | null;
  onChange: (data: OutputData) => void;
  /** Set while an editor is mounted. */
  handle?: MutableRefObject<NewsEditorHandle | null>;
}

/**
 * The rich-text editor of a page news item. Editor.js mounts into a holder made for each instance, so React's
 * StrictMode double mount (mount, unmount, mount) never has two editors in one element: the ref guards against a
 * second instance, and the cleanup destroys the instance once it is ready and removes its holder. An image taken out
 * of the page is removed on the server (one not yet in a saved item at once, a saved one when the item is saved).
 */
export function NewsEditor({ initial, onChange, handle }: NewsEditorProps) {
  const { i18n, t } = useTranslation();
  const container = useRef<HTMLDivElement | null>(null);
  const editorRef = useRef<EditorJS | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialRef = useRef(initial);

  useEffect(() => {
    if (!container.current || editorRef.current) return undefined;
    const holder = document.createElement('div');
    container.current.appendChild(holder);
    let images = new Set(imagesOf(initialRef.current));
    let changes = 0;
    // A destroyed instance's late save (its holder emptied) must not reach the form.
    let alive = true;
    // Editor.js's image block draws its picture without a text alternative: the caption is one (none: decorative).
    const alternatives = new MutationObserver(() => {
      for (const img of holder.querySelectorAll('img:not([alt])')) img.setAttribute('alt', img.closest('.image-tool')?.querySelector('.image-tool__caption')?.textContent?.trim() ?? '');
    });
    alternatives.observe(holder, { childList: true, subtree: true });
    const editor = new EditorJS({
      holder,
      data: initialRef.current ?? undefined,
      placeholder: t('news.form.editorPlaceholder'),
      minHeight: 120,
      i18n: i18n.language === 'en' ? undefined : frenchUi,
      tools: {
        header: { class: Header as unknown as ToolConstructable, config: { levels: [2, 3, 4], defaultLevel: 2 } },
        list: { class: List as unknown as ToolConstructable, inlineToolbar: true },
        image: {
          class: ImageTool as unknown as ToolConstructable,
          config: {
            types: 'image/png, image/jpeg, image/gif, image/webp',
            uploader: {
              async uploadByFile(file: File) {
                try {
                  return await uploadEditorImage(file);
                } catch (error) {
                  toast.error(errorMessage(error));
                  return { success: 0 };
                }
              },
            },
          },
        },
        linkTool: { class: LinkTool, config: { endpoint: '/api/editorjs/linktool', headers: { 'X-Requested-With': 'XMLHttpRequest' } } },
      },
      async onChange(api) {
        // Saves overlap (typing, then an image block whose upload ends later) and may end out of order: only the
        // latest change's content is kept, or an older, emptier one could overwrite it.
        const call = ++changes;
        const data = await api.saver.save();
        if (call !== changes || !alive) return;
        // A new instance (language switch) starts from the latest content, not the first.
        initialRef.current = data;
        onChangeRef.current(data);
        const now = new Set(imagesOf(data));
        for (const source of images) if (!now.has(source)) void deleteEditorImage(source).catch(() => undefined);
        images = now;
      },
    });
    editorRef.current = editor;
    const own: NewsEditorHandle = { content: () => editor.isReady.then(() => editor.save()) };
    if (handle) handle.current = own;
    return () => {
      alive = false;
      if (handle?.current === own) handle.current = null;
      alternatives.disconnect();
      editorRef.current = null;
      editor.isReady.then(() => editor.destroy()).catch(() => undefined).finally(() => holder.remove());
    };
  }, [i18n.language, t, handle]);

  return (
    <div ref={container} className="news-editor" data-testid="news-editor"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-white)', padding: '4px 12px' }} />
  );
}
