import { useState } from 'react';
import { usePageData } from '../../shared/queries';
import { loadCampusList, type CampusInfo } from './api';

export type CampusChoice = Pick<CampusInfo, 'uuid' | 'name' | 'canEdit'>;

/** The viewer's campuses and the one being looked at (the first by default). */
export function useCampusChoice() {
  const page = usePageData(['trainingCentre.campusChoice'], (): Promise<CampusChoice[]> => loadCampusList());
  const [chosen, setCampusId] = useState<string | null>(null);
  const campuses = page.data ?? null;
  const campusId = chosen ?? campuses?.[0]?.uuid ?? null;
  const campus = campuses?.find((c) => c.uuid === campusId) ?? null;
  return { campuses, campus, setCampusId, error: page.error };
}
