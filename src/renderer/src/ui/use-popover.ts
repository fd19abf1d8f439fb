import { useEffect, useId, useRef, useState } from 'react';
import './header-panel.css';

/**
 * A small panel under a header button: Esc or a click outside closes it, and so does moving to another thread
 * (`resetKey`). Focus stays where it is: the panel is a glance, not a dialog that traps.
 */
export function usePopover(resetKey?: unknown) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: MouseEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);
  useEffect(() => setOpen(false), [resetKey]);
  const buttonProps = {
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen((o) => !o),
  };
  return { open, setOpen, rootRef, panelId, buttonProps };
}
