import { getApi } from '../api';
import { errorText, type HostSlice, type Slice } from './desk-state';

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
