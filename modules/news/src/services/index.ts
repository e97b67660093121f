import { ValidationError, type Actor, type CoreDeps, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { fetchPage, LinkRefused, pageMeta, readLinkToolSettings, type LinkMeta, type LinkToolSettings } from './linktool.js';
import { newsService, type NewsService } from './news.js';

export interface LinkToolService {
  /** The Editor.js link tool's answer for a page: its title, description and image. */
  fetch(actor: Actor | null, url: string, t: Translate): Promise<{ success: 1; link: string; meta: LinkMeta }>;
}

/** What the module offers: other modules reach it with core.module<NewsServices>('news'). */
export interface NewsServices {
  news: NewsService;
  linkTool: LinkToolService;
  linkToolSettings: LinkToolSettings;
}

export function newsServices(core: CoreDeps, env: Record<string, string | undefined> = process.env): NewsServices {
  const linkToolSettings = readLinkToolSettings(env);
  return {
    news: newsService(core),
    linkToolSettings,
    linkTool: {
      async fetch(actor, url, t) {
        core.permissions.assert(actor, perm.newsManage);
        try {
          const page = await fetchPage(url, linkToolSettings);
          return { success: 1, link: page.url.href, meta: pageMeta(page.html, page.url) };
        } catch (error) {
          if (!(error instanceof LinkRefused)) throw error;
          throw new ValidationError([{ path: 'url', message: t(`news.linkTool.${error.reason}`) as string }]);
        }
      },
    },
  };
}
