import { useState } from 'react';
import type { PairedDevice } from '../../../../shared/phone';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { dayDate, ROUTE_NAMES, shortDate } from './phone-words';

/** The paired devices, each with its route, address, dates and Revoke (asked first). */
export function PhoneDevices() {
  const devices = useDesk((s) => s.phoneDevices);
  const revoke = useDesk((s) => s.revokeDevice);
  const [asking, setAsking] = useState<PairedDevice | null>(null);
  return (
    <section className="card phone-devices" aria-labelledby="phone-devices-title" data-testid="phone-devices">
      <h3 id="phone-devices-title">Paired devices</h3>
      {devices.length === 0 ? (
        <p className="field-hint">No device is paired.</p>
      ) : (
        <ul className="phone-device-list">
          {devices.map((d) => (
            <li key={d.id} className="phone-device" data-testid="phone-device">
              <div className="phone-device-head">
                <strong className="phone-device-name">{d.name}</strong>
                <span className={`phone-device-state ${d.connected ? 'on' : ''}`}>
                  {d.connected ? 'Connected now' : 'Not connected'}
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-danger-ghost"
                  onClick={() => setAsking(d)}
                  aria-label={`Revoke ${d.name}`}
                >
                  Revoke
                </button>
              </div>
              <dl className="phone-device-facts">
                <div>
                  <dt>Route</dt>
                  <dd>{ROUTE_NAMES[d.route]}</dd>
                </div>
                <div>
                  <dt>Address</dt>
                  <dd>{d.address}</dd>
                </div>
                <div>
                  <dt>Paired</dt>
                  <dd>{shortDate(d.pairedAt)}</dd>
                </div>
                <div>
                  <dt>Last seen</dt>
                  <dd>{shortDate(d.lastSeenAt)}</dd>
                </div>
                <div>
                  <dt>Pair again by</dt>
                  <dd>{dayDate(d.renewBy)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p className="field-hint">A device unused for 30 days is forgotten; pairing is renewed every 180 days.</p>
      {asking && (
        <ConfirmDialog
          title={`Revoke ${asking.name}?`}
          confirmLabel="Revoke"
          danger
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const id = asking.id;
            setAsking(null);
            void revoke(id);
          }}
          testId="phone-revoke-confirm"
        >
          <p>
            It is disconnected within a second and gets no more notifications. To use it again, pair it again. What it
            already answered stays recorded on the cards.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
