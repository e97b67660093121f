import { ValidationError, type Actor, type CoreDeps, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { fetchImage, fetchPage, LinkRefused, pageMeta, readLinkToolSettings, type LinkMeta, type LinkToolSettings } from './linktool.js';
import { newsService, type NewsService } from './news.js';

export interface LinkToolService {
  /**
   * The Editor.js link tool's answer for a page: its title, description and image — the image stored here as one of
   * the sender's news images and answered by its address on this site (the CSP loads images from this site only).
   */
  fetch(actor: Actor | null, url: string, t: Translate): Promise<{ success: 1; link: string; meta: LinkMeta }>;
}

/** What the module offers: other modules reach it with core.module('news'). */
export interface NewsServices {
  news: NewsService;
  linkTool: LinkToolService;
  linkToolSettings: LinkToolSettings;
}

export function newsServices(core: CoreDeps, env: Record<string, string | undefined> = process.env): NewsServices {
  const linkToolSettings = readLinkToolSettings(env);
  const news = newsService(core);

  /** The preview image kept as the actor's news image (its address here), or '' when there is none or it is refused. */
  async function previewImage(actor: Actor, address: string): Promise<string> {
    if (!address) return '';
    try {
      const image = await fetchImage(address, linkToolSettings);
      const last = image.url.pathname.split('/').pop() ?? '';
      let filename = last;
      try {
        filename = decodeURIComponent(last);
      } catch {
        // Kept as sent: the store cleans a name anyway.
      }
      return (await news.upload(actor, { filename: filename.trim() || 'apercu', contentType: image.contentType, size: image.bytes.length, bytes: image.bytes }, 'image')).url;
    } catch (error) {
      if (error instanceof LinkRefused) return '';
      throw error;
    }
  }

  return {
    news,
    linkToolSettings,
    linkTool: {
      async fetch(actor, url, t) {
        core.permissions.assert(actor, perm.newsManage);
        try {
          const page = await fetchPage(url, linkToolSettings);
          const meta = pageMeta(page.html, page.url);
          return { success: 1, link: page.url.href, meta: { ...meta, image: { url: await previewImage(actor, meta.image.url) } } };
        } catch (error) {
          if (!(error instanceof LinkRefused)) throw error;
          throw new ValidationError([{ path: 'url', message: t(`news.linkTool.${error.reason}`) as string }]);
        }
      },
    },
  };
}
