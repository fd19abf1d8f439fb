import { useEffect, useLayoutEffect, useState } from 'react';
import type { DeskApi } from '../../shared/contract';
import { getApi } from './api';
import { prepareOpeningRows } from './features/chat/prepare-open';
import { useWindowTitle } from './features/chat/window-title';
import { ThreadSidebar } from './features/threads/thread-sidebar';
import { ChatArea } from './features/panes/chat-area';
import { PhoneNav } from './features/phone/phone-nav';
import { isPhone } from './ui/use-phone';
import {
  BoardView,
  LazyView,
  PairingDialog,
  preloadLazyViews,
  SessionView,
  SettingsView,
  UsageView,
} from './lazy-views';
import { connectBridge } from './store/bridge';
import { createBrowserNotifier } from './store/browser-notify';
import { createDeskStore, type DeskStore } from './store/desk-store';
import { DeskStoreProvider, useDesk } from './store/store-context';
import { ConnectionBanner } from './ui/connection-banner';
import { loadMarkdown } from './ui/markdown-loader';
import { Notices } from './ui/notices';
import { applyTheme } from './ui/theme';
import { useShortcuts } from './use-shortcuts';
import { useOpenFromNotification } from './features/notify/use-open-from-notification';
import './features/threads/threads.css';
import './features/history/history.css';

/** The app's store with browser-mode notifications (the Electron host notifies natively). */
export function createAppStore(): DeskStore {
  const notifier = createBrowserNotifier();
  const store: DeskStore = createDeskStore({
    notify: (title, body) => {
      if (store.getState().appInfo?.host === 'web') notifier.notify(title, body);
    },
    onFirstSend: () => {
      if (store.getState().appInfo?.host === 'web') notifier.requestPermission();
    },
    prepareOpen: prepareOpeningRows,
  });
  // A phone opens on the Board ("Needs you" on top); the thread it was on is reopened behind it.
  if (isPhone()) store.setState({ view: 'board' });
  return store;
}

function Shell() {
  const view = useDesk((s) => s.view);
  const sidebarOpen = useDesk((s) => s.sidebarOpen);
  const sidebarCollapsed = useDesk((s) => s.sidebarCollapsed);
  const setSidebarOpen = useDesk((s) => s.setSidebarOpen);
  const theme = useDesk((s) => s.settings?.theme ?? 'system');
  const pairing = useDesk((s) => !!s.pairingRequest);
  useShortcuts();
  useWindowTitle();
  useOpenFromNotification();
  // Before the first paint (a layout effect): no flash of the other theme.
  useLayoutEffect(() => applyTheme(theme), [theme]);
  return (
    <div
      className="app"
      data-view={view}
      data-sidebar={sidebarOpen ? 'open' : 'closed'}
      data-sidebar-collapsed={sidebarCollapsed ? 'true' : undefined}
    >
      <ThreadSidebar />
      {/* Narrow windows: a click beside the overlaid sidebar closes it (CSS shows this only then). */}
      <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setSidebarOpen(false)} />
      <main className="main" aria-label="Claude Desk">
        <ConnectionBanner />
        {view === 'settings' ? (
          <LazyView>
            <SettingsView />
          </LazyView>
        ) : view === 'history' ? (
          <LazyView>
            <SessionView />
          </LazyView>
        ) : view === 'board' ? (
          <LazyView>
            <BoardView />
          </LazyView>
        ) : view === 'usage' ? (
          <LazyView>
            <UsageView />
          </LazyView>
        ) : (
          <ChatArea />
        )}
      </main>
      <PhoneNav />
      <Notices />
      {pairing && <PairingDialog />}
    </div>
  );
}

export function App({ store: given, api }: { store?: DeskStore; api?: DeskApi }) {
  const [store] = useState(() => given ?? createAppStore());
  useEffect(() => connectBridge(store, api ?? getApi()), [store, api]);
  // After the first paint: the shell shows at once, the messages' markdown arrives right behind it, then the views
  // behind a click (small), so opening one shows no empty frame (on a phone, only those a phone shows).
  useEffect(() => void loadMarkdown().then(() => preloadLazyViews({ phone: isPhone() })), []);
  return (
    <DeskStoreProvider store={store}>
      <Shell />
    </DeskStoreProvider>
  );
}
