import { useDesk } from '../../store/store-context';
import { LazyLoading, lazyPart } from '../../ui/lazy-part';
import { ChatView } from '../chat/chat-view';
import { PaneDropEdge } from './pane-drop-edge';
import { usePaneKeys } from './pane-keys';
// The drop edge's styles are the first screen's (a thread dragged to the edge opens a second pane).
import './panes.css';

// A second pane's machinery (the grid, the separators, each pane's frame) is its own chunk: most windows show one
// conversation, and the split view arrives when a second pane opens (or a window restores several).
const SplitView = lazyPart(
  () => import('./split-view'),
  (m) => m.SplitView,
  <LazyLoading what="the panes" />,
  { phone: false },
);

/** One conversation, as the chat always was (the split view's own one-pane case), with the pane keys and drop edge. */
function OnePane() {
  usePaneKeys();
  return (
    <>
      <ChatView />
      <PaneDropEdge />
    </>
  );
}

/** The chat area: one pane at once, several through the split view (split-view.tsx). */
export function ChatArea() {
  const several = useDesk((s) => s.paneLayout.panes.length > 1);
  return several ? <SplitView /> : <OnePane />;
}
