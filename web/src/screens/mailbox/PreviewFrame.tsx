import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { previewFrameUrl } from './api';

/**
 * The live preview of an e-mail: a page the server serves under the e-mail's own policy (images and web fonts from
 * anywhere, no script), into which the draft's HTML is written. A srcdoc frame would run under the app's policy and
 * show the template without its hosted icons and fonts. Sandboxed without scripts; same origin, so it can be written.
 */
export function PreviewFrame({ html, title, style }: { html: string; title: string; style: CSSProperties }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const document = frame.current?.contentDocument;
    if (!ready || !document) return;
    document.open();
    document.write(html);
    document.close();
  }, [html, ready]);
  return (
    <iframe ref={frame} title={title} src={previewFrameUrl} sandbox="allow-same-origin" onLoad={() => setReady(true)}
      style={style} data-testid="live-preview" />
  );
}
