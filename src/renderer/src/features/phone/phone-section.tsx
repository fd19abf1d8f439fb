import { useEffect } from 'react';
import { useDesk } from '../../store/store-context';
import { PhoneDevices } from './phone-devices';
import { PhonePairing } from './phone-pairing';
import { PhoneSetup } from './phone-setup';
import { PhoneTrust } from './phone-trust';
import { ROUTE_WAY } from './phone-words';
import './phone.css';

/**
 * Settings → Phone & other devices: off by default. On, it says where it listens (or why it stopped), walks through
 * trusting this computer (local network only) and pairing, and lists the paired devices.
 */
export function PhoneSection() {
  const access = useDesk((s) => s.phoneAccess);
  const error = useDesk((s) => s.phoneError);
  const load = useDesk((s) => s.loadPhone);
  const turnOff = useDesk((s) => s.turnPhoneOff);
  const busy = useDesk((s) => s.phoneBusy);
  useEffect(() => void load(), [load]);

  const picked = access?.addresses.find((a) => a.address === access.address);
  const listening = !!access?.on && !!access.origin && !access.problem;
  return (
    <div className="phone-section" data-testid="phone-section">
      <p className="phone-intro">
        Follow and answer your threads from a phone or tablet on your own network: the board, approvals, questions,
        changes. Nothing goes through anyone else&apos;s server.
      </p>
      {error && (
        <p className="phone-error" role="alert">
          {error}
        </p>
      )}
      {!access ? (
        !error && <p className="field-hint">Reading phone access…</p>
      ) : (
        <>
          <section className="card" aria-labelledby="phone-access-title">
            <div className="card-head phone-access-head">
              <h3 id="phone-access-title">Phone access</h3>
              <span className={`phone-pill ${access.on ? 'on' : ''}`} data-testid="phone-state">
                {access.on ? (listening ? 'On' : 'Stopped') : 'Off'}
              </span>
            </div>
            {!access.on ? (
              <>
                {/* Off by itself (its address went away, now or since the last quit): why, in the host's sentence. */}
                {access.problem && (
                  <p className="phone-error" role="alert" data-testid="phone-problem">
                    {access.problem}
                  </p>
                )}
                <p className="field-hint">Off: only this computer can open Claude Desk.</p>
                <PhoneSetup access={access} />
              </>
            ) : (
              <>
                {access.problem ? (
                  <p className="phone-error" role="alert" data-testid="phone-problem">
                    {access.problem}
                  </p>
                ) : (
                  <p data-testid="phone-where">
                    Listening at <code>{access.origin}</code>
                    {access.route ? ` ${ROUTE_WAY[access.route]}` : ''}
                    {picked ? `, on ${picked.label} (${picked.interface})` : ''}.
                  </p>
                )}
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() => void turnOff()}
                  data-testid="phone-turn-off"
                >
                  Turn off phone access
                </button>
                <p className="field-hint">Off closes every connection at once; paired devices stay paired.</p>
              </>
            )}
          </section>
          {listening && access.route === 'lan' && (
            <PhoneTrust
              origin={access.origin!}
              {...(access.caFingerprint ? { fingerprint: access.caFingerprint } : {})}
            />
          )}
          {listening && <PhonePairing step={access.route === 'lan' ? 'Step 2: ' : ''} />}
          <PhoneDevices />
          <PhoneAbilities />
        </>
      )}
    </div>
  );
}

/** What a paired device is: whoever holds it can make Claude run commands here, so it can do only this much. */
function PhoneAbilities() {
  return (
    <section className="card phone-abilities" aria-labelledby="phone-abilities-title">
      <h3 id="phone-abilities-title">What a paired device can do</h3>
      <div className="phone-abilities-cols">
        <div>
          <h4>Can</h4>
          <ul>
            <li>See the board, threads, cards, changes and diffs</li>
            <li>Send, queue and stop messages</li>
            <li>Answer questions and plans</li>
            <li>Approve once or for this session</li>
            <li>Land a worktree (never forced)</li>
          </ul>
        </div>
        <div>
          <h4>Cannot</h4>
          <ul>
            <li>Approve “always” or edit a command</li>
            <li>Change settings, the API key or your Claude Code setup</li>
            <li>Turn on full access or bypass</li>
            <li>Open folders that aren’t recent, or files and links here</li>
            <li>Pair or revoke devices</li>
          </ul>
        </div>
      </div>
      <p className="field-hint">
        Approving a command from the phone runs it on this computer as you: pair only devices you keep locked. Every
        answer from a device is recorded with its name.
      </p>
    </section>
  );
}
