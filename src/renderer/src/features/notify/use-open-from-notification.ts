import { useEffect } from 'react';
import { OPEN_THREAD_MESSAGE } from '../../store/notify-slice';
import { useDeskStore } from '../../store/store-context';

/**
 * A tapped notification opens its thread: the service worker either posts to this page or opens it at
 * `/#thread=<id>`. Only a thread id is taken from either, and only to select that thread.
 */
export function useOpenFromNotification(): void {
  const store = useDeskStore();
  useEffect(() => {
    const open = (threadId: unknown) => {
      if (typeof threadId !== 'string' || !threadId || threadId.length > 200) return;
      store.getState().setView('chat');
      void store.getState().selectThread(threadId);
    };
    const hash = /^#thread=([^&]+)$/.exec(window.location.hash);
    if (hash) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
      try {
        open(decodeURIComponent(hash[1]!));
      } catch {
        // a malformed link opens nothing
      }
    }
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown; threadId?: unknown } | null;
      if (data?.type === OPEN_THREAD_MESSAGE) open(data.threadId);
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, [store]);
}
