/**
 * Browser-mode notifications (the Electron host notifies natively, so this is used only when
 * `host === 'web'`). Permission is asked once, on the first send — a user gesture, as browsers want.
 */
export interface BrowserNotifier {
  requestPermission(): void;
  notify(title: string, body: string): void;
}

export function createBrowserNotifier(win: Window & typeof globalThis = window): BrowserNotifier {
  const N = 'Notification' in win ? win.Notification : undefined;
  return {
    requestPermission() {
      if (N && N.permission === 'default') void N.requestPermission().catch(() => undefined);
    },
    notify(title, body) {
      if (!N || N.permission !== 'granted') return;
      const n = new N(title, { body, tag: 'claude-desk-turn' });
      n.onclick = () => {
        win.focus();
        n.close();
      };
    },
  };
}
