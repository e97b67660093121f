import { Alert } from '@mantine/core';
import { usePageData } from '../../shared/queries';
import { ValidationInbox } from './ApprenticesOverview';
import { loadMine } from './api';

/** The apprentice's home: the booklet forms waiting for their acknowledgement. */
export function StudentBookletInbox() {
  const page = usePageData(['booklets.mine'], () => loadMine());
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <ValidationInbox booklets={page.data.booklets} space="student" /> : null;
}
