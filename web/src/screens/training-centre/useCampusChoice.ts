import { useState } from 'react';
import { usePageQuery } from '../../shared/page-query';
import type { CampusInfo } from './api';
import { campusChoiceQuery } from './queries';

export type CampusChoice = Pick<CampusInfo, 'uuid' | 'name' | 'canEdit'>;

/** The viewer's campuses (loaded by the page's route loader) and the one being looked at (the first by default). */
export function useCampusChoice() {
  const page = usePageQuery(campusChoiceQuery, {}, {});
  const [chosen, setCampusId] = useState<string | null>(null);
  const campuses: CampusChoice[] | null = page.data ?? null;
  const campusId = chosen ?? campuses?.[0]?.uuid ?? null;
  const campus = campuses?.find((c) => c.uuid === campusId) ?? null;
  return { campuses, campus, setCampusId, error: page.error };
}
