import { CopyButton } from '../../ui/copy-button';

/**
 * The local network's first step, before pairing: the phone trusts this computer's certificate authority, so no page
 * in the flow ever shows a certificate warning (tapping through one proves nothing). Each download comes with the
 * fingerprint to compare on the phone.
 */
export function PhoneTrust({ origin, fingerprint }: { origin: string; fingerprint?: string }) {
  const ios = `${origin}/trust/ios.mobileconfig`;
  const android = `${origin}/trust/ca.crt`;
  return (
    <section className="card phone-trust" aria-labelledby="phone-trust-title" data-testid="phone-trust">
      <h3 id="phone-trust-title">Step 1: Trust this computer on the phone</h3>
      <p className="field-hint">
        Once per phone. Open the link on the phone (type it, or send it to yourself), install what it downloads, and
        compare the fingerprint it shows with this one.
      </p>
      {fingerprint && (
        <div className="phone-fingerprint">
          <span className="status-key">SHA-256 fingerprint</span>
          <code data-testid="phone-fingerprint">{fingerprint}</code>
        </div>
      )}
      <div className="phone-trust-ways">
        <div>
          <h4>iPhone or iPad</h4>
          <ol>
            <li>
              Open{' '}
              <a href={ios} data-testid="phone-trust-ios">
                {ios}
              </a>{' '}
              <CopyButton text={ios} label="Copy link" /> in Safari and allow the download.
            </li>
            <li>Settings → General → VPN &amp; Device Management → Claude Desk → Install.</li>
            <li>
              <strong>Then enable full trust:</strong> Settings → General → About → Certificate Trust Settings → turn on
              Claude Desk.
            </li>
          </ol>
        </div>
        <div>
          <h4>Android</h4>
          <ol>
            <li>
              Open{' '}
              <a href={android} data-testid="phone-trust-android">
                {android}
              </a>{' '}
              <CopyButton text={android} label="Copy link" /> in Chrome.
            </li>
            <li>Settings → Security → Encryption &amp; credentials → Install a certificate → CA certificate.</li>
            <li>Pick the file you downloaded (claude-desk-ca.crt) and compare the fingerprint.</li>
          </ol>
        </div>
      </div>
    </section>
  );
}
