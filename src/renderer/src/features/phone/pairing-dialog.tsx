import { useId, useRef, useState } from 'react';
import { cleanDeviceName, DEVICE_NAME_MAX } from '../../../../shared/device-name';
import { useDesk } from '../../store/store-context';
import { useModalFocus } from '../../ui/use-modal-focus';
import { ROUTE_WAY } from './phone-words';
import './phone.css';

/**
 * The desktop's question when a phone opened a pairing link: "Allow a new device from <address>?". Deny is the
 * default (focused; Escape denies); Allow waits for the 6-digit number the phone shows and a name for the device, so a
 * photo of the QR code alone never pairs.
 */
export function PairingDialog() {
  const request = useDesk((s) => s.pairingRequest);
  if (!request) return null;
  // A new request is a new form: nothing typed for one carries over to the next.
  return <PairingForm key={request.requestId} />;
}

function PairingForm() {
  const request = useDesk((s) => s.pairingRequest)!;
  const answer = useDesk((s) => s.answerPairing);
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), body: useId(), number: useId(), name: useId(), hint: useId() };
  const cleaned = cleanDeviceName(name);
  const canAllow = /^\d{6}$/.test(number) && cleaned !== '' && !busy;

  const send = async (allow: boolean) => {
    setBusy(true);
    setProblem(null);
    const res = await answer(allow ? { allow, number, name: cleaned } : { allow });
    // Answered: the dialog goes with the request. Refused (a wrong number): say why and stay.
    if (!res.ok) {
      setBusy(false);
      setProblem(res.message);
    }
  };
  const deny = () => void send(false);
  const { box, onKeyDown } = useModalFocus<HTMLFormElement>(() => denyRef.current, deny);

  return (
    <div className="dialog-backdrop">
      <form
        ref={box}
        className="dialog pairing-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={ids.body}
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          if (canAllow) void send(true);
        }}
        data-testid="pairing-dialog"
        noValidate
      >
        <h2 id={ids.title} className="dialog-title">
          Allow a new device from {request.address}?
        </h2>
        <div id={ids.body} className="dialog-body">
          <p>
            A phone or tablet opened this computer&apos;s pairing link {ROUTE_WAY[request.route]}. Allow it only if it
            is yours and in your hand: it will be able to approve commands that run on this computer as you.
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.number}>
            The 6-digit number the phone shows
          </label>
          <input
            id={ids.number}
            className="pairing-number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 6))}
            data-testid="pairing-number"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.name}>
            Name this device
          </label>
          <input
            id={ids.name}
            autoComplete="off"
            spellCheck={false}
            maxLength={DEVICE_NAME_MAX * 2}
            value={name}
            placeholder="Ana’s iPhone"
            onChange={(e) => setName(e.target.value)}
            aria-describedby={ids.hint}
            data-testid="pairing-name"
          />
          <p id={ids.hint} className="field-hint">
            Up to {DEVICE_NAME_MAX} characters; shown on every answer it gives.
          </p>
        </div>
        {problem && (
          <p className="phone-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button ref={denyRef} type="button" className="btn" onClick={deny} disabled={busy} data-testid="pairing-deny">
            Deny
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canAllow} data-testid="pairing-allow">
            Allow
          </button>
        </div>
      </form>
    </div>
  );
}
