import { useEffect, type ReactElement } from 'react';
import './pulse-dot.css';

/**
 * The running dots (the turn line's, a busy thread's in the sidebar) blink, lit and dim, by a step that one timer sets
 * on <html>, not by a CSS animation: in software compositing an infinite CSS animation redraws every frame for as long
 * as a turn runs, even an 8 px opacity one (headless Chromium, the page with a running turn: 85–91 ms of CPU a second
 * with the animation, 16–23 with this step, 8 with the window blurred; a transition between steps costs as much as the
 * animation). The timer runs only while a dot is shown and the window is visible and focused; elsewhere the dots stay
 * lit. Reduced motion: the CSS ignores the step.
 */
const STEP_MS = 600;
const PHASES = 2;

let dots = 0;
let timer: ReturnType<typeof setInterval> | undefined;
let phase = 0;
/** From the window's focus and blur (hasFocus() is not yet false while a blur is handled everywhere). */
let focused = true;

function update(doc: Document): void {
  const root = doc.documentElement;
  const run = dots > 0 && doc.visibilityState === 'visible' && focused;
  if (run && !timer) {
    timer = setInterval(() => root.setAttribute('data-pulse', String((phase = (phase + 1) % PHASES))), STEP_MS);
  } else if (!run && timer) {
    clearInterval(timer);
    timer = undefined;
    phase = 0;
    root.removeAttribute('data-pulse');
  }
}

/** Count one more dot on the page while mounted; the beat starts with the first and ends with the last. */
function usePulseBeat(doc: Document = document): void {
  useEffect(() => {
    const win = doc.defaultView;
    const onChange = (e: Event) => {
      if (e.type === 'focus' || e.type === 'blur') focused = e.type === 'focus';
      update(doc);
    };
    if (dots++ === 0) focused = doc.hasFocus();
    update(doc);
    win?.addEventListener('focus', onChange);
    win?.addEventListener('blur', onChange);
    doc.addEventListener('visibilitychange', onChange);
    return () => {
      dots--;
      update(doc);
      win?.removeEventListener('focus', onChange);
      win?.removeEventListener('blur', onChange);
      doc.removeEventListener('visibilitychange', onChange);
    };
  }, [doc]);
}

/** A pulsing 8 px dot; `className` places it (`pulse` in the turn line, `running-dot` in the sidebar). */
export function PulseDot(props: { className: string; label?: string; testId?: string }): ReactElement {
  usePulseBeat();
  const { className, label, testId } = props;
  return label ? (
    <span className={`${className} pulse-dot`} data-testid={testId} aria-label={label} role="img" />
  ) : (
    <span className={`${className} pulse-dot`} data-testid={testId} aria-hidden="true" />
  );
}
