import './notify.css';
import { useEffect } from 'react';
import { useDesk } from '../../store/store-context';

/**
 * "Turn on notifications" on a paired device's page. The browser asks for permission only when this button is
 * pressed (never on load); the subscription goes to the computer, which tells it apart by the device's pairing.
 */
export function PushToggle() {
  const state = useDesk((s) => s.pushState);
  const message = useDesk((s) => s.pushMessage);
  const check = useDesk((s) => s.checkPush);
  const on = useDesk((s) => s.turnOnPush);
  const off = useDesk((s) => s.turnOffPush);
  useEffect(() => {
    void check();
  }, [check]);
  return (
    <section className="card push-toggle" aria-labelledby="push-toggle-title" data-testid="push-toggle">
      <h2 id="push-toggle-title">Notifications on this device</h2>
      <p className="field-hint">
        Be told when a thread is waiting for you or finished, even with this page closed. The message is encrypted for
        this device alone; tapping it opens Claude Desk here.
      </p>
      {(state === 'off' || state === 'denied' || state === 'unknown') && (
        <button type="button" className="btn btn-primary" onClick={() => void on()} disabled={state === 'unknown'}>
          Turn on notifications
        </button>
      )}
      {state === 'working' && (
        <button type="button" className="btn" disabled>
          Working…
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="btn" onClick={() => void off()}>
          Turn off notifications
        </button>
      )}
      {message && (
        <p role="status" className={state === 'on' || state === 'off' ? 'field-hint' : 'notify-problem'}>
          {message}
        </p>
      )}
    </section>
  );
}
