import { useEffect, useState } from 'react';
import type { BranchSummary } from '../../../../../shared/rewind';
import { getApi } from '../../../api';

/**
 * The branches rewinds set aside in a thread (summaries only), refreshed whenever the host says the thread
 * changed. One fetch per change however many rows ask: rows share the same promise, per host connection.
 */
const caches = new WeakMap<object, Map<string, Promise<BranchSummary[]>>>();

function cacheFor(): Map<string, Promise<BranchSummary[]>> {
  const api = getApi();
  let cache = caches.get(api);
  if (!cache) {
    cache = new Map();
    caches.set(api, cache);
  }
  return cache;
}

function load(threadId: string): Promise<BranchSummary[]> {
  const cache = cacheFor();
  let p = cache.get(threadId);
  if (!p) {
    p = getApi()
      .listBranches({ threadId })
      .catch(() => []);
    cache.set(threadId, p);
  }
  return p;
}

export function useBranches(threadId: string | undefined): BranchSummary[] {
  const [branches, setBranches] = useState<BranchSummary[]>([]);
  useEffect(() => {
    if (!threadId) return;
    let live = true;
    const refresh = (): void => {
      void load(threadId).then((b) => live && setBranches(b));
    };
    refresh();
    const off = getApi().on('threadsChanged', (e) => {
      if (e.threadId !== undefined && e.threadId !== threadId) return;
      cacheFor().delete(threadId);
      refresh();
    });
    return () => {
      live = false;
      off();
    };
  }, [threadId]);
  return branches;
}
