import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/http';
import { loadCampusList, type CampusInfo } from './api';

export type CampusChoice = Pick<CampusInfo, 'uuid' | 'name' | 'canEdit'>;

/** The viewer's campuses and the one being looked at (the first by default). */
export function useCampusChoice() {
  const [campuses, setCampuses] = useState<CampusChoice[] | null>(null);
  const [campusId, setCampusId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadCampusList().then(
      (list) => {
        setCampuses(list);
        setCampusId((current) => current ?? list[0]?.uuid ?? null);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, []);
  const campus = campuses?.find((c) => c.uuid === campusId) ?? null;
  return { campuses, campus, setCampusId, error };
}
