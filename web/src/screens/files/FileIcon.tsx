import { useEffect, useState } from 'react';
import { fileIcon, type FileIcon as IconKind } from '@alterna/files/validation';

const looks: Record<Exclude<IconKind, 'image'>, { color: string; label: string }> = {
  pdf: { color: '#d6336c', label: 'PDF' },
  word: { color: '#1c7ed6', label: 'DOC' },
  audio: { color: '#7048e8', label: '♪' },
  other: { color: '#868e96', label: '…' },
};

/** SPEC §9 dropzone icons: pdf, word, audio, other — a page with a coloured band and its label. */
export function KindIcon({ kind, size = 40 }: { kind: Exclude<IconKind, 'image'>; size?: number }) {
  const { color, label } = looks[kind];
  return (
    <svg width={size * 0.8} height={size} viewBox="0 0 32 40" role="img" aria-label={kind} data-icon={kind}>
      <path d="M2 2h20l8 8v28H2z" fill="#fff" stroke={color} strokeWidth="2" />
      <path d="M22 2v8h8" fill="none" stroke={color} strokeWidth="2" />
      <rect x="2" y="22" width="28" height="12" fill={color} />
      <text x="16" y="31.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff" fontFamily="sans-serif">{label}</text>
    </svg>
  );
}

/** A file's icon, or for an image a thumbnail of its bytes (a browser File). */
export function FilePreview({ file, size = 40 }: { file: File; size?: number }) {
  const kind = fileIcon(file.type, file.name);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (kind !== 'image') return undefined;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file, kind]);
  if (kind === 'image') {
    return url
      ? <img src={url} alt="" width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} data-icon="thumbnail" />
      : <span style={{ display: 'inline-block', width: size, height: size }} />;
  }
  return <KindIcon kind={kind} size={size} />;
}

/** The icon of a stored file, from its sniffed type and name (no thumbnail: the list stays light). */
export function StoredFileIcon({ contentType, name, size = 28 }: { contentType: string; name: string; size?: number }) {
  const kind = fileIcon(contentType, name);
  return <KindIcon kind={kind === 'image' ? 'other' : kind} size={size} />;
}
