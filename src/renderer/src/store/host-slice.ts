import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import type { ToolResultPage } from '../../../shared/threads';
import type { ApprovalDecision, ApprovalFile } from '../../../shared/turn-events';

/** One-off asks of the host that keep no state here: answers to cards, the desktop's files and links, exports. */
export interface HostSlice {
  /** Answer an approval, question or plan card; throws what the host said. */
  answerApproval(threadId: string, turnId: string, requestId: string, decision: ApprovalDecision): Promise<void>;
  /** The file a waiting Write/Edit card is about, as it is on disk now (the host reads it); throws what it said. */
  readApprovalFile(threadId: string, turnId: string, requestId: string): Promise<ApprovalFile>;
  /** The desktop's folder dialog (null: cancelled); throws what the host said. */
  chooseFolder(title: string): Promise<string | null>;
  /** Open a file in the OS's editor (desktop only); a failure is a notice. */
  openFile(path: string): void;
  /** Open a link outside the app; false when it is not http(s)/mailto (then nothing opens). */
  openExternal(url: string): boolean;
  /** Show the log file in the file manager (desktop only); a failure is a notice. */
  revealLogFile(): void;
  exportMarkdown(target: { sessionId: string } | { threadId: string }): Promise<{ fileName: string; markdown: string }>;
  /** A page of a tool result stored beside the thread (null: no longer stored); throws what the host said. */
  readToolResult(threadId: string, toolUseId: string, offset: number, limit: number): Promise<ToolResultPage | null>;
}

declare module './desk-state' {
  interface DeskState extends HostSlice {}
}

const SAFE_URL = /^(https?:|mailto:)/i;

/** One-off asks of the host that keep no state in the store. Components reach the host only through actions. */
export const createHostSlice: Slice<HostSlice> = (_set, get) => ({
  answerApproval: async (threadId, turnId, requestId, decision) => {
    await getApi().answerApproval({ threadId, turnId, requestId, decision });
  },

  readApprovalFile: (threadId, turnId, requestId) => getApi().readApprovalFile({ threadId, turnId, requestId }),

  chooseFolder: (title) => getApi().chooseFolder({ title }),

  // On the desktop the host checks the path first (app/window/open-file.ts); browser mode copies it instead.
  openFile(path) {
    getApi()
      .openFile({ path })
      .catch((err: unknown) => get().pushNotice('error', errorText(err)));
  },

  // Links in answers open outside the app: the system browser on the desktop (the host validates the URL again),
  // a new tab in browser mode. Anything that is not http(s)/mailto is not opened at all.
  openExternal(url) {
    if (!SAFE_URL.test(url)) return false;
    if (get().appInfo?.host === 'web') {
      window.open(url, '_blank', 'noopener');
      return true;
    }
    void getApi()
      .openExternal({ url })
      .catch(() => window.open(url, '_blank', 'noopener'));
    return true;
  },

  revealLogFile() {
    getApi()
      .revealLogFile()
      .catch((err: unknown) => get().pushNotice('error', `Could not show the log file: ${errorText(err)}`));
  },

  exportMarkdown: (target) => getApi().exportMarkdown(target),

  readToolResult: (threadId, toolUseId, offset, limit) =>
    getApi().readToolResult({ threadId, toolUseId, offset, limit }),
});
