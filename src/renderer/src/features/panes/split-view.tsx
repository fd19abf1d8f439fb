import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { MAIN_PANE, paneCapacity, type Pane, type PaneLayout } from '../../../../shared/pane-layout';
import { DeskStoreProvider, useDesk, useDeskStore } from '../../store/store-context';
import { isThreadBusy } from '../../store/turn-selectors';
import { ChatView } from '../chat/chat-view';
import { isComposer } from '../composer/composer';
import { Icon } from '../../ui/icons';
import { PaneSeparator } from './pane-separator';
import { PaneDropEdge } from './pane-drop-edge';
import { usePaneKeys } from './pane-keys';
import './panes.css';

/** The panes' area measured (px); unknown (no layout, as in tests) counts as room for all. */
function useArea(): [RefObject<HTMLDivElement | null>, { width: number; height: number } | null] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = (width: number, height: number) =>
      setSize((s) => (width > 0 && (s?.width !== width || s.height !== height) ? { width, height } : s));
    const box = el.getBoundingClientRect();
    measure(box.width, box.height);
    const ro = new ResizeObserver(([e]) => e && measure(e.contentRect.width, e.contentRect.height));
    ro.observe(el);
    return () => ro.disconnect();
  });
  return [ref, size];
}

/**
 * Which panes show and how: all of them as columns while they fit, as a 2×2 grid when asked for (or when columns
 * no longer fit), and otherwise the focused pane and those after it, with the others one click away.
 */
export function placePanes(layout: PaneLayout, size: { width: number; height: number } | null) {
  const n = layout.panes.length;
  const cap = size ? paneCapacity(size.width, size.height) : { columns: 4, grid: true, most: 4 };
  const gridWanted = n > 2 && (layout.arrangement === 'grid' || n > cap.columns);
  if (gridWanted && cap.grid) return { shown: layout.panes, grid: true, fit: n };
  if (n <= cap.columns) return { shown: layout.panes, grid: false, fit: n };
  const start = layout.panes.findIndex((p) => p.id === layout.focused);
  const shown = Array.from({ length: cap.columns }, (_, k) => layout.panes[(start + k) % n]!);
  return { shown: layout.panes.filter((p) => shown.includes(p)), grid: false, fit: cap.columns };
}

/**
 * The chat area: one conversation, or several threads side by side, each a whole chat with its own composer.
 * A single pane is the chat exactly as it always was.
 */
export function SplitView() {
  const layout = useDesk((s) => s.paneLayout);
  usePaneKeys();
  if (layout.panes.length === 1)
    return (
      <>
        <ChatView />
        <PaneDropEdge />
      </>
    );
  return <Panes layout={layout} />;
}

function Panes({ layout }: { layout: PaneLayout }) {
  const [area, size] = useArea();
  const titles = useDesk((s) => s.threads);
  const paneDo = useDesk((s) => s.paneDo);
  const { shown, grid, fit } = placePanes(layout, size);
  // Four panes that do not fit as columns become a grid, and stay one (its separators are the grid's).
  const autoGrid = grid && layout.arrangement !== 'grid';
  useEffect(() => {
    if (autoGrid) paneDo({ type: 'arrange', arrangement: 'grid' });
  }, [autoGrid, paneDo]);
  const titleOf = (p: Pane): string =>
    p.threadId === null ? 'New thread' : (titles.find((t) => t.id === p.threadId)?.title ?? 'Thread');
  const sizes = grid ? layout.sizes : shown.length === layout.panes.length ? layout.sizes : shown.map(() => 1);
  const cols = grid ? 2 : shown.length;
  // Shares as fr of 100: flex factors that sum below 1 would fill only that part of the area.
  const fr = (share: number) => `minmax(0, ${(share * 100).toFixed(3)}fr)`;
  const style: CSSProperties = {
    gridTemplateColumns: Array.from({ length: cols }, (_, i) => fr(sizes[i] ?? 1)).join(' 6px '),
    gridTemplateRows: grid ? `${fr(layout.rowSplit)} 6px ${fr(1 - layout.rowSplit)}` : '1fr',
  };
  const hidden = layout.panes.length - shown.length;
  return (
    <div className="panes-wrap">
      {hidden > 0 && (
        <div className="pane-tabs" data-testid="pane-tabs">
          <p className="pane-tabs-why" role="status">
            {fit === 1 ? 'One pane fits' : `${fit} panes fit`} at this width, of {layout.panes.length} open: widen the
            window to see them side by side, or close one.
          </p>
          <div className="pane-tabs-list" role="group" aria-label="Open panes">
            {layout.panes.map((p, i) => (
              <button
                key={p.id}
                type="button"
                className="btn btn-ghost pane-tab"
                aria-pressed={shown.includes(p)}
                onClick={() => paneDo({ type: 'focus', paneId: p.id })}
              >
                {i + 1}. {titleOf(p)}
              </button>
            ))}
          </div>
        </div>
      )}
      <div ref={area} className="panes" data-testid="panes" data-arrangement={grid ? 'grid' : 'columns'} style={style}>
        {shown.map((p, i) => {
          const r = grid ? Math.floor(i / 2) : 0;
          const c = grid ? i % 2 : i;
          // A grid of three: the third spans the bottom row.
          const span = grid && shown.length === 3 && i === 2;
          return (
            <PaneFrame
              key={p.id}
              pane={p}
              index={layout.panes.indexOf(p)}
              count={layout.panes.length}
              title={titleOf(p)}
              focused={p.id === layout.focused}
              place={{ gridRow: `${r * 2 + 1}`, gridColumn: span ? '1 / -1' : `${c * 2 + 1}` }}
              prev={layout.panes[layout.panes.indexOf(p) - 1]}
              next={layout.panes[layout.panes.indexOf(p) + 1]}
            />
          );
        })}
        {Array.from({ length: cols - 1 }, (_, i) => (
          <PaneSeparator
            key={`c${i}`}
            orientation="vertical"
            index={i}
            value={sizes.slice(0, i + 1).reduce((a, b) => a + b, 0)}
            label={grid ? 'Resize the columns' : `Resize ${titleOf(shown[i]!)} and ${titleOf(shown[i + 1]!)}`}
            area={area}
            style={{ gridRow: grid && shown.length === 3 ? '1' : '1 / -1', gridColumn: `${i * 2 + 2}` }}
            disabled={!grid && shown.length !== layout.panes.length}
          />
        ))}
        {grid && (
          <PaneSeparator
            orientation="horizontal"
            index={-1}
            value={layout.rowSplit}
            label="Resize the rows"
            area={area}
            style={{ gridRow: '2', gridColumn: '1 / -1' }}
          />
        )}
      </div>
      <PaneDropEdge />
    </div>
  );
}

interface FrameProps {
  pane: Pane;
  index: number;
  count: number;
  title: string;
  focused: boolean;
  /** Its cell in the grid (separators take the even tracks). */
  place: CSSProperties;
  prev: Pane | undefined;
  next: Pane | undefined;
}

/** Swap the pane with its neighbour on one side (disabled at the edge). */
function MoveButton(p: {
  title: string;
  side: 'left' | 'right';
  keys: string;
  icon: 'back' | 'chevron';
  to: Pane | undefined;
  onMove: (to: Pane) => void;
}) {
  const { to, onMove } = p;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      aria-label={`Move ${p.title} ${p.side}`}
      title={`Move ${p.side} (Ctrl+Alt+Shift+${p.keys})`}
      disabled={!to}
      onClick={() => to && onMove(to)}
    >
      <Icon name={p.icon} size={14} />
    </button>
  );
}

/** The pane's thread in a window of its own (the desktop app), or a tab of its own (browser mode). */
export function NewWindowButton({ threadId, title }: { threadId: string; title: string }) {
  const open = useDesk((s) => s.openInNewWindow);
  const browser = useDesk((s) => s.appInfo?.host === 'web');
  const where = browser ? 'tab' : 'window';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      aria-label={`Open ${title} in a new ${where}`}
      title={`Open in a new ${where}`}
      onClick={() => void open(threadId)}
    >
      <Icon name="new-window" size={14} />
    </button>
  );
}

/** One pane: its bar (which pane, move, close) and a whole chat on the pane's own store. */
function PaneFrame({ pane, index, count, title, focused, place, prev, next }: FrameProps) {
  const main = useDeskStore();
  const paneDo = useDesk((s) => s.paneDo);
  const store = main.getState().paneStore(pane.id);
  if (!store) return null;
  const name = `Pane ${index + 1} of ${count}: ${title}`;
  const onKeyDown = (e: KeyboardEvent) => {
    // Esc stops this pane's turn (the window's own keys stop the main pane's).
    if (e.key !== 'Escape' || e.defaultPrevented || pane.id === MAIN_PANE) return;
    if (document.querySelector('[aria-modal="true"]')) return;
    const s = store.getState();
    const t = e.target as HTMLElement;
    const typingElsewhere = (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA') && !isComposer(t);
    if (s.activeThreadId && isThreadBusy(s.inFlight, s.activeThreadId) && !typingElsewhere) {
      e.preventDefault();
      void s.stopActiveTurn();
    }
  };
  return (
    <section
      className="pane"
      data-pane={pane.id}
      data-focused={focused ? 'true' : 'false'}
      aria-label={focused ? `${name} (focused)` : name}
      style={place}
      onFocusCapture={() => focused || paneDo({ type: 'focus', paneId: pane.id })}
      onPointerDownCapture={() => focused || paneDo({ type: 'focus', paneId: pane.id })}
      onKeyDown={onKeyDown}
    >
      <div className="pane-bar">
        <span className="pane-mark" aria-hidden="true" />
        <span className="pane-name" data-testid="pane-name">
          {index + 1}. {title}
          {focused && <span className="pane-focused-word"> · focused</span>}
        </span>
        <MoveButton
          title={title}
          side="left"
          keys="←"
          icon="back"
          to={prev}
          onMove={(to) => paneDo({ type: 'swap', a: pane.id, b: to.id })}
        />
        <MoveButton
          title={title}
          side="right"
          keys="→"
          icon="chevron"
          to={next}
          onMove={(to) => paneDo({ type: 'swap', a: pane.id, b: to.id })}
        />
        {pane.threadId !== null && <NewWindowButton threadId={pane.threadId} title={title} />}
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label={`Close pane ${title}`}
          title="Close pane (Ctrl+Alt+W)"
          data-testid="close-pane"
          onClick={() => paneDo({ type: 'close', paneId: pane.id })}
        >
          <Icon name="x" size={14} />
        </button>
      </div>
      <DeskStoreProvider store={store}>
        <ChatView />
      </DeskStoreProvider>
    </section>
  );
}
