import { useState } from 'react';
import type { PhoneAccess, PhoneRoute } from '../../../../shared/phone';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { addressesFor, addressLabel, ROUTE_NAMES } from './phone-words';

const ROUTE_HINTS: Record<PhoneRoute, string> = {
  tailscale: 'Your phone reaches this computer over your tailnet, at home or away, with Tailscale’s own certificate.',
  lan: 'Phones on the same Wi-Fi or network. Claude Desk makes a certificate authority for this address, which you trust once on the phone.',
  'own-certificate': 'You already have a certificate and key for this computer’s address.',
};

/** Off: pick how a phone reaches this computer and on which of its addresses, then turn phone access on. */
export function PhoneSetup({ access }: { access: PhoneAccess }) {
  const turnOn = useDesk((s) => s.turnPhoneOn);
  const busy = useDesk((s) => s.phoneBusy);
  const tailscaleReady = access.tailscale.state === 'ready';
  // The way it was on last (off since, or its address gone): chosen again unless Tailscale is not ready now.
  const last = access.route && (access.route !== 'tailscale' || tailscaleReady) ? access.route : undefined;
  const [route, setRoute] = useState<PhoneRoute>(last ?? (tailscaleReady ? 'tailscale' : 'lan'));
  const choices = addressesFor(route, access.addresses);
  const [picked, setPicked] = useState<string>('');
  const address = choices.find((a) => a.address === picked) ?? choices.find((a) => a.scope !== 'public');
  const [certFile, setCertFile] = useState('');
  const [keyFile, setKeyFile] = useState('');
  const [askPublic, setAskPublic] = useState(false);
  const needsFiles = route === 'own-certificate';
  const ready = !!address && (!needsFiles || (certFile.trim() !== '' && keyFile.trim() !== ''));

  const start = (allowPublic: boolean) => {
    if (!address) return;
    void turnOn({
      route,
      address: address.address,
      ...(allowPublic ? { allowPublic } : {}),
      ...(needsFiles ? { certFile: certFile.trim(), keyFile: keyFile.trim() } : {}),
    });
  };

  return (
    <form
      className="phone-setup"
      data-testid="phone-setup"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        if (address.scope === 'public') setAskPublic(true);
        else start(false);
      }}
    >
      <fieldset className="field phone-routes">
        <legend className="field-label">How your phone reaches this computer</legend>
        {(['tailscale', 'lan', 'own-certificate'] as const).map((r) => {
          const off = r === 'tailscale' && !tailscaleReady;
          return (
            <label key={r} className={`phone-route ${route === r ? 'selected' : ''}`} aria-disabled={off || undefined}>
              <input
                type="radio"
                name="phone-route"
                value={r}
                checked={route === r}
                disabled={off}
                onChange={() => {
                  setRoute(r);
                  setPicked('');
                }}
              />
              <span>
                <strong>
                  {ROUTE_NAMES[r]}
                  {r === 'tailscale' && tailscaleReady ? ' (recommended)' : ''}
                </strong>
                <span className="muted">
                  {off
                    ? (access.tailscale.sentence ?? 'Tailscale is not ready on this computer.')
                    : r === 'tailscale' && access.tailscale.name
                      ? `${ROUTE_HINTS[r]} Its name: ${access.tailscale.name}.`
                      : ROUTE_HINTS[r]}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      <div className="field">
        <label className="field-label" htmlFor="phone-address">
          Address to listen on
        </label>
        {choices.length ? (
          <select
            id="phone-address"
            value={address?.address ?? ''}
            onChange={(e) => setPicked(e.target.value)}
            data-testid="phone-address"
          >
            {choices.map((a) => (
              <option key={a.interface + a.address} value={a.address}>
                {addressLabel(a)}
                {a.scope === 'public' ? ' — public' : ''}
              </option>
            ))}
          </select>
        ) : (
          <p className="field-hint" role="status">
            {route === 'tailscale'
              ? 'This computer has no Tailscale address now. Start Tailscale, then come back.'
              : 'This computer has no network address now. Join a Wi-Fi or plug in a cable, then come back.'}
          </p>
        )}
        <p className="field-hint">
          One address only, never all of them: Claude Desk listens there on port {access.port}, and nowhere else.
        </p>
      </div>

      {needsFiles && (
        <div className="phone-files">
          <div className="field">
            <label className="field-label" htmlFor="phone-cert">
              Certificate file (PEM)
            </label>
            <input
              id="phone-cert"
              type="text"
              spellCheck={false}
              value={certFile}
              onChange={(e) => setCertFile(e.target.value)}
              placeholder="/path/to/cert.pem"
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="phone-key">
              Key file (PEM)
            </label>
            <input
              id="phone-key"
              type="text"
              spellCheck={false}
              value={keyFile}
              onChange={(e) => setKeyFile(e.target.value)}
              placeholder="/path/to/key.pem"
            />
          </div>
        </div>
      )}

      <button type="submit" className="btn btn-primary" disabled={!ready || busy} data-testid="phone-turn-on">
        {busy ? 'Turning on…' : 'Turn on phone access'}
      </button>

      {askPublic && address && (
        <ConfirmDialog
          title={`Listen on the public address ${address.address}?`}
          confirmLabel="Listen there"
          danger
          onCancel={() => setAskPublic(false)}
          onConfirm={() => {
            setAskPublic(false);
            start(true);
          }}
          testId="phone-public-confirm"
        >
          <p>
            Anyone on the internet can reach a public address. Only paired devices get in, but strangers can knock. A
            private address (your Wi-Fi) or Tailscale is safer.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
