import { useParams } from '@tanstack/react-router';
import { pageParamNames, type PageId, type PageParams } from './pages';

/**
 * The params of the page shown, typed from its path in pages.ts: usePageParams('students.edit') is `{ id: string }`.
 * A screen serving several pages names them all; a param only some of them hold may be undefined.
 */
export function usePageParams<Id extends PageId>(...ids: [Id, ...Id[]]): PageParams<Id> {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const names = new Set(ids.flatMap((id) => pageParamNames(id, 'en')));
  return Object.fromEntries([...names].map((name) => [name, params[name]])) as PageParams<Id>;
}
