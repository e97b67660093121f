import type { CSSProperties, ReactNode } from 'react';
import { Link, useNavigate, useRouterState, type LinkProps } from '@tanstack/react-router';
import { chooseLanguage, currentLanguage, useLanguage } from './language';
import type { PageSearchChange, SearchPageId } from './page-search';
import { matchPage, pagePath, spaceHome, LOGIN_PAGE, type PageId, type PathParams } from './pages';
import type { Language } from './shared/constants';
import type { Me } from './session';

/** Path of a page in the current language. */
export function usePath(id: PageId, params?: PathParams): string {
  return pagePath(id, useLanguage(), params);
}

/** Path of a page in the current language, outside React. */
export function pathTo(id: PageId, params?: PathParams): string {
  return pagePath(id, currentLanguage(), params);
}

/** Home of the actor's space, or the login page when logged out (current language). */
export function homePathFor(me: Me | null): string {
  return pathTo(me ? spaceHome[me.space] : LOGIN_PAGE);
}

type PageLinkProps<Id extends PageId> = {
  page: Id;
  params?: PathParams;
  /** URL filters of a page that declares them (page-search.ts). */
  search?: Id extends SearchPageId ? PageSearchChange<Id> : never;
  children: ReactNode;
} & Omit<LinkProps, 'to' | 'params' | 'children' | 'search'> & {
    className?: string;
    style?: CSSProperties;
    'data-testid'?: string;
  };

/** Link to a page in the current language. */
export function PageLink<Id extends PageId>({ page, params, search, children, ...rest }: PageLinkProps<Id>) {
  const to = usePath(page, params);
  return (
    <Link to={to} search={search as never} {...rest}>
      {children}
    </Link>
  );
}

/** Navigates to a page in the current language. */
export function useGoTo(): (id: PageId, params?: PathParams, options?: { replace?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  return (id, params, options) => navigate({ to: pathTo(id, params), replace: options?.replace });
}

/** Switches language and moves to the same page's path in that language. */
export function useSwitchLanguage(): (lang: Language) => Promise<void> {
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  return async (lang) => {
    await chooseLanguage(lang);
    const match = matchPage(location.pathname);
    if (match && match.lang !== lang) {
      await navigate({ href: pagePath(match.page.id as PageId, lang, match.params) + location.searchStr + (location.hash ? `#${location.hash}` : ''), replace: true });
    }
  };
}
