import type { CSSProperties, KeyboardEvent, PointerEvent, RefObject } from 'react';
import { MIN_SHARE } from '../../../../shared/pane-layout';
import { useDesk } from '../../store/store-context';

interface Props {
  /** vertical: between columns (moves left/right); horizontal: between the grid's rows. */
  orientation: 'vertical' | 'horizontal';
  /** The separator after column `index`; -1 = the grid's row split. */
  index: number;
  /** Where it stands, as a share (0–1) of the panes' area. */
  value: number;
  label: string;
  area: RefObject<HTMLDivElement | null>;
  style: CSSProperties;
  /** Some panes are hidden (the window is too narrow): the shown ones share the width evenly. */
  disabled?: boolean;
}

const STEP = 0.02;
const BIG_STEP = 0.1;

/**
 * A pane separator: drag it, or from the keyboard (a window splitter, WAI-ARIA): arrows move it, Shift+arrows
 * further, Home and End to either end.
 */
export function PaneSeparator({ orientation, index, value, label, area, style, disabled }: Props) {
  const paneDo = useDesk((s) => s.paneDo);
  const move = (share: number) => paneDo({ type: 'resize', index, share });
  const vertical = orientation === 'vertical';

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const back = vertical ? 'ArrowLeft' : 'ArrowUp';
    const on = vertical ? 'ArrowRight' : 'ArrowDown';
    if (e.key === back) move(value - step);
    else if (e.key === on) move(value + step);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(1);
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || disabled || e.button !== 0) return;
    e.preventDefault();
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const at = (ev: globalThis.PointerEvent) =>
      vertical ? (ev.clientX - box.left) / box.width : (ev.clientY - box.top) / box.height;
    const onMove = (ev: globalThis.PointerEvent) => move(at(ev));
    const end = () => {
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', end);
      el.removeEventListener('pointercancel', end);
    };
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', end);
    el.addEventListener('pointercancel', end);
  };

  return (
    <div
      role="separator"
      className={`pane-separator ${orientation}`}
      aria-orientation={orientation}
      aria-label={label}
      aria-valuemin={Math.round(MIN_SHARE * 100)}
      aria-valuemax={Math.round((1 - MIN_SHARE) * 100)}
      aria-valuenow={Math.round(value * 100)}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      style={style}
      onKeyDown={disabled ? undefined : onKeyDown}
      onPointerDown={onPointerDown}
    />
  );
}
