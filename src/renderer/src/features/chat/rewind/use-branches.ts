import { useEffect } from 'react';
import type { BranchSummary } from '../../../../../shared/rewind';
import { useDesk } from '../../../store/store-context';

const NONE: BranchSummary[] = [];

/**
 * The branches rewinds set aside in a thread (summaries only). Every row reads one shared list from the store: the
 * open thread's come with it, and a thread's are fetched once when not known (a rewind, another process's change),
 * never per row nor after each message.
 */
export function useBranches(threadId: string | undefined): BranchSummary[] {
  const known = useDesk((s) => (threadId ? s.branchesByThread[threadId] : NONE));
  const ensureBranches = useDesk((s) => s.ensureBranches);
  useEffect(() => {
    if (threadId && !known) ensureBranches(threadId);
  }, [threadId, known, ensureBranches]);
  return known ?? NONE;
}
