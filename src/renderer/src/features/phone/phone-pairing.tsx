import { useEffect, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { CopyButton } from '../../ui/copy-button';
import { minutesSeconds } from './phone-words';

/** How often the countdown redraws; the link's end itself comes from the host's expiresAt. */
const TICK_MS = 1000;

/**
 * Pair a device: the one-time link as a QR code and as text, with its two minutes counting down. The QR code is the
 * host's SVG document shown as an image (never put into the page's markup), so nothing in it can run or style the page.
 */
export function PhonePairing({ step }: { step: string }) {
  const link = useDesk((s) => s.pairingLink);
  const start = useDesk((s) => s.startPairing);
  const cancel = useDesk((s) => s.cancelPairing);
  const expired = useDesk((s) => s.pairingLinkExpired);
  const [now, setNow] = useState(() => Date.now());
  const [lapsed, setLapsed] = useState(false);

  useEffect(() => {
    if (!link) return;
    setNow(Date.now());
    setLapsed(false);
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [link]);
  const left = link ? link.expiresAt - now : 0;
  useEffect(() => {
    if (link && left <= 0) {
      setLapsed(true);
      expired();
    }
  }, [link, left, expired]);

  return (
    <section className="card phone-pairing" aria-labelledby="phone-pair-title" data-testid="phone-pairing">
      <h3 id="phone-pair-title">{step}Pair a device</h3>
      {!link ? (
        <>
          <p className="field-hint">
            Show a one-time link, open it on the phone (scan the code with its camera), then type the number the phone
            shows into the window that asks here. The link works once, for two minutes.
          </p>
          {lapsed && (
            <p className="phone-note" role="status">
              That link expired unused. Pair again for a new one.
            </p>
          )}
          <button type="button" className="btn btn-primary" onClick={() => void start()} data-testid="phone-pair-start">
            Pair a device
          </button>
        </>
      ) : (
        <div className="phone-pair-link">
          <img
            className="phone-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`}
            alt="QR code of the pairing link"
            width={196}
            height={196}
            data-testid="phone-qr"
          />
          <div className="phone-pair-text">
            <p>Scan with the phone&apos;s camera, or open this link on it:</p>
            <div className="phone-link-row">
              <code data-testid="phone-link">{link.link}</code>
              <CopyButton text={link.link} label="Copy link" />
            </div>
            <p className="phone-countdown" role="timer" aria-live="off" data-testid="phone-countdown">
              Expires in {minutesSeconds(left)}
            </p>
            <p className="field-hint">
              When the phone opens it, this computer asks whether to allow it. Don&apos;t share the link: it is for one
              device.
            </p>
            <button type="button" className="btn" onClick={() => void cancel()} data-testid="phone-pair-cancel">
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
