import readline from 'node:readline';
import { renderUnicodeCompact } from 'uqr';
import type { DeskApp } from '../app/desk-app';
import { callHandler } from '../app/dispatch-call';
import type { PhoneAccess, PhoneAddress } from '../shared/phone';

/**
 * `claude-desk web --phone [--address <ip>|tailscale]`: phone access on a computer with no display. The address is
 * chosen on the command line (or the one private address there is), the pairing link is shown as a QR code in the
 * terminal with the link as text, and the number the phone shows is typed here. `p` + Enter makes a new link.
 */

export interface PhoneFlags {
  address?: string;
  allowPublic: boolean;
}

type Out = (text: string) => void;

function describe(a: PhoneAddress): string {
  return `  ${a.address.padEnd(40)} ${a.label} (${a.interface})${a.scope === 'public' ? ', public' : ''}`;
}

/** Which address and route, from the flag and this computer's addresses; a sentence when none can be chosen. */
export function chooseAddress(
  access: PhoneAccess,
  flag: string | undefined,
): { route: 'lan' | 'tailscale'; address?: string } | string {
  if (flag === 'tailscale') {
    return access.tailscale.state === 'ready'
      ? { route: 'tailscale' }
      : (access.tailscale.sentence ?? 'Tailscale is not ready.');
  }
  if (flag) {
    return access.addresses.some((a) => a.address === flag)
      ? { route: 'lan', address: flag }
      : `${flag} is not one of this computer's addresses. Choose one of:\n${access.addresses.map(describe).join('\n')}`;
  }
  const privates = access.addresses.filter((a) => a.scope === 'private');
  if (privates.length === 1) return { route: 'lan', address: privates[0]!.address };
  if (access.addresses.length === 0) return 'This computer has no network address a phone could reach.';
  return `Choose the address phones reach this computer on, with --address:\n${access.addresses.map(describe).join('\n')}${
    access.tailscale.state === 'ready'
      ? '\n  tailscale                                Tailscale HTTPS name (recommended)'
      : ''
  }`;
}

export async function startPhoneAccess(
  desk: DeskApp,
  flags: PhoneFlags,
  out: Out,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<{ close(): void } | string> {
  const h = desk.handlers;
  const choice = chooseAddress(await callHandler(h, 'getPhoneAccess', undefined), flags.address);
  if (typeof choice === 'string') return choice;
  let access: PhoneAccess;
  try {
    access = await callHandler(h, 'setPhoneAccess', { on: true, ...choice, allowPublic: flags.allowPublic });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return /public address/.test(message) ? `${message} (--allow-public)` : message;
  }
  out(`Phone access is on at ${access.origin ?? ''}`);
  if (access.caFingerprint) {
    const trust = desk.services.phone.trustUrl();
    out(
      `Before pairing, a phone trusts this computer once: open ${trust ?? 'the data dir’s state/phone/ca.pem'} on it ` +
        `and install the certificate authority there. Its SHA-256 fingerprint, to compare:\n  ${access.caFingerprint}`,
    );
  }

  const rl = readline.createInterface({ input, terminal: false });
  let asking: { requestId: string; step: 'number' | 'name'; number?: string } | undefined;
  const pairLink = async (): Promise<void> => {
    const link = await callHandler(h, 'startPairing', undefined);
    out(`\n${renderUnicodeCompact(link.link, { border: 1 })}`);
    out(`Open this on your phone within 2 minutes (once, by one phone):\n  ${link.link}`);
  };
  const offPairing = desk.bus.on('pairingRequest', (p) => {
    if ('address' in p) {
      asking = { requestId: p.requestId, step: 'number' };
      out(`\nAllow a new device from ${p.address}? Type the 6-digit number the phone shows (Enter to deny):`);
    } else {
      if (asking?.requestId === p.requestId) asking = undefined;
      out(p.message);
    }
  });
  rl.on('line', (raw) => {
    const line = raw.trim();
    const a = asking;
    if (!a) {
      if (line === 'p') void pairLink().catch((err: unknown) => out(String(err)));
      return;
    }
    if (a.step === 'number') {
      if (!/^\d{3} ?\d{3}$/.test(line)) {
        asking = undefined;
        void callHandler(h, 'answerPairing', { requestId: a.requestId, allow: false }).then((r) => out(r.message));
        return;
      }
      asking = { ...a, step: 'name', number: line.replace(' ', '') };
      out('Name this device (up to 40 characters):');
      return;
    }
    asking = undefined;
    void callHandler(h, 'answerPairing', { requestId: a.requestId, allow: true, number: a.number, name: line }).then(
      (r) => out(r.ok ? `${r.message} Type p and Enter to pair another.` : r.message),
    );
  });
  await pairLink();
  return {
    close() {
      offPairing();
      rl.close();
    },
  };
}
