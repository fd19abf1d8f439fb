import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { ApprovalFile, ApprovalRequest } from '../../../../shared/turn-events';
import { errorText } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';

/** The tools whose card compares with the file on disk. */
const DISK_TOOLS = new Set(['Write', 'Edit', 'MultiEdit']);
/** Reads closer together than this wait for each other: a pointer crossing the card fires several events. */
const MIN_GAP_MS = 400;

const same = (a: ApprovalFile, b: ApprovalFile) =>
  a.state === b.state && (a.state !== 'exists' || a.content === (b as { content: string }).content);

/**
 * The file a waiting Write/Edit card is about, as it is on disk now. Read when the card appears, and again whenever
 * the person may have changed it elsewhere and is about to decide: the window gets focus back, the tab shows again,
 * the pointer or the keyboard focus enters the card. No file watch: a read is one small request, made only while a
 * card waits and someone looks at it. `changed`: the file is not what it was at the first read.
 */
export function useApprovalFile(
  request: ApprovalRequest,
  where: { threadId: string; turnId: string },
  cardChild: RefObject<HTMLElement | null>,
): { file?: ApprovalFile; changed: boolean } {
  const readApprovalFile = useDesk((s) => s.readApprovalFile);
  const wanted = DISK_TOOLS.has(request.toolName);
  const [file, setFile] = useState<ApprovalFile>();
  const first = useRef<ApprovalFile>(undefined);
  /** The last read's start, one in flight, and one asked for meanwhile (it runs after: no ask is lost). */
  const reads = useRef({
    at: 0,
    busy: false,
    again: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const { threadId, turnId } = where;
  const { requestId } = request;

  const refresh = useCallback(() => {
    const r = reads.current;
    if (!wanted) return;
    if (r.busy) {
      r.again = true;
      return;
    }
    const wait = r.at + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      r.timer ??= setTimeout(() => {
        r.timer = undefined;
        refresh();
      }, wait);
      return;
    }
    r.at = Date.now();
    r.busy = true;
    void readApprovalFile(threadId, turnId, requestId)
      .catch((err: unknown): ApprovalFile => ({ state: 'unreadable', message: errorText(err) }))
      .then((read) => {
        first.current ??= read;
        setFile((prev) => (prev && same(prev, read) ? prev : read));
      })
      .finally(() => {
        r.busy = false;
        if (r.again) {
          r.again = false;
          refresh();
        }
      });
  }, [wanted, readApprovalFile, threadId, turnId, requestId]);

  useEffect(() => {
    if (!wanted) return;
    refresh();
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    const card = cardChild.current?.closest('.approval-card');
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    card?.addEventListener('pointerenter', refresh);
    card?.addEventListener('focusin', refresh);
    const r = reads.current;
    return () => {
      clearTimeout(r.timer);
      r.timer = undefined;
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
      card?.removeEventListener('pointerenter', refresh);
      card?.removeEventListener('focusin', refresh);
    };
  }, [wanted, refresh, cardChild]);

  const changed = file !== undefined && first.current !== undefined && !same(first.current, file);
  return { file, changed };
}
