import { makeDeviceKey, saveDevice } from './device-key';
import './pair-page.css';

/**
 * The page a phone opens from the pairing link (`/pair#<one-time code>`): the code is read from the fragment (never
 * sent in a URL) and the address bar cleaned at once; a non-extractable key is made; the code and the public key go
 * to the computer over the socket, which answers with a 6-digit number to type on the computer. Paired, the page
 * keeps the device id with the key and opens Claude Desk.
 */

type Frame = { kind?: string; number?: string; message?: string; deviceId?: string; name?: string };

export function startPairPage(root: HTMLElement): void {
  const code = location.hash.slice(1);
  history.replaceState(null, '', location.pathname); // the code leaves the address bar (and history) at once
  root.innerHTML = '';
  const main = document.createElement('main');
  main.className = 'pair-page';
  const h1 = document.createElement('h1');
  h1.textContent = 'Pair with Claude Desk';
  const status = document.createElement('p');
  status.className = 'pair-status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const number = document.createElement('p');
  number.className = 'pair-number';
  number.hidden = true;
  main.append(h1, status, number);
  root.append(main);
  const say = (text: string): void => {
    status.textContent = text;
  };

  if (!/^[A-Za-z0-9_-]{16,100}$/.test(code)) {
    say('This link has no pairing code. On the computer, start pairing again and open the new link.');
    return;
  }
  say('Connecting to your computer…');
  void (async () => {
    let key: Awaited<ReturnType<typeof makeDeviceKey>>;
    try {
      key = await makeDeviceKey();
    } catch {
      say('This browser cannot make a secure key here. Open the link in Safari or Chrome.');
      return;
    }
    const ws = new WebSocket(`wss://${location.host}/ws`);
    let done = false;
    ws.onmessage = (msg) => {
      let f: Frame;
      try {
        f = JSON.parse(String(msg.data)) as Frame;
      } catch {
        return;
      }
      if (f.kind === 'hello') ws.send(JSON.stringify({ kind: 'pair', code, publicKey: key.publicJwk }));
      else if (f.kind === 'pair-number' && f.number) {
        say('On the computer, allow this device and type this number:');
        number.textContent = `${f.number.slice(0, 3)} ${f.number.slice(3)}`;
        number.setAttribute('aria-label', f.number.split('').join(' '));
        number.hidden = false;
      } else if (f.kind === 'paired' && f.deviceId) {
        done = true;
        number.hidden = true;
        const deviceId = f.deviceId;
        const name = f.name ?? '';
        void saveDevice({ deviceId, name, privateKey: key.privateKey }).then(
          () => {
            say(`Paired as “${name}”. Opening Claude Desk…`);
            ws.close();
            location.replace('/');
          },
          () => say('Paired, but this browser would not keep the key (private browsing?). Pair again in a normal tab.'),
        );
      } else if (f.kind === 'pair-end') {
        done = true;
        number.hidden = true;
        say(f.message ?? 'Pairing ended. Start again on the computer.');
      }
    };
    ws.onclose = () => {
      if (!done) {
        number.hidden = true;
        say('The connection to the computer closed. Start pairing again on the computer.');
      }
    };
  })();
}
