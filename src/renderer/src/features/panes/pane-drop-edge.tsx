import { useEffect, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { THREAD_DRAG_TYPE } from '../../store/panes-slice';

/**
 * While a thread row is dragged, the chat area's right edge offers "Open beside": dropped there, the thread opens
 * in a new pane. Listens on the window only during a drag of a thread; otherwise it is not on the page.
 */
export function PaneDropEdge() {
  const openBeside = useDesk((s) => s.openBeside);
  const [dragging, setDragging] = useState(false);
  const [over, setOver] = useState(false);
  useEffect(() => {
    const start = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes(THREAD_DRAG_TYPE)) setDragging(true);
    };
    const stop = () => {
      setDragging(false);
      setOver(false);
    };
    window.addEventListener('dragenter', start);
    window.addEventListener('dragend', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragenter', start);
      window.removeEventListener('dragend', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
  if (!dragging) return null;
  return (
    <div
      className={`pane-drop-edge ${over ? 'over' : ''}`}
      data-testid="pane-drop-edge"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(THREAD_DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        const id = e.dataTransfer.getData(THREAD_DRAG_TYPE);
        e.preventDefault();
        setDragging(false);
        setOver(false);
        if (id) openBeside(id);
      }}
    >
      <span>Open beside</span>
    </div>
  );
}
