import { useEffect, useState } from 'react';
import type { BranchSummary } from '../../../../../shared/rewind';
import { useDesk } from '../../../store/store-context';

/**
 * The branches rewinds set aside in a thread (summaries only), refreshed whenever the host says the thread
 * changed. One fetch per change however many rows ask: the store's listBranches shares one promise per thread.
 */
export function useBranches(threadId: string | undefined): BranchSummary[] {
  const listBranches = useDesk((s) => s.listBranches);
  // Bumped by the bridge on every threadsChanged: another thread's change answers from the cache, unchanged.
  const version = useDesk((s) => s.branchesVersion);
  const [branches, setBranches] = useState<BranchSummary[]>([]);
  useEffect(() => {
    if (!threadId) return;
    let live = true;
    void listBranches(threadId).then((b) => live && setBranches(b));
    return () => {
      live = false;
    };
  }, [threadId, version, listBranches]);
  return branches;
}
