/**
 * A full run of phone access against the whole app and the real Claude Code (mock API), over the real phone listener
 * on 127.0.0.2: pair with the number, subscribe to Web Push (a fake push service on loopback), and from the phone
 * approve the agent's Bash call that tries to read phone access's CA key — behind the wall it cannot. Then every call
 * the gate does not open is made from the phone, with nothing changed in the data dir; and no pairing code, nonce,
 * signature, push key, subscription secret, private key or API key is found in any log or thread file.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, webcrypto } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakePushService, type FakePushService } from '../../test/fixtures/fake-push-service';
import { startMockAnthropicApi, type MockApi } from '../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../test/fixtures/real-cli';
import { decryptAes128gcm, makeReceiver } from '../../test/fixtures/web-push-receiver';
import { CALL_NAMES } from '../shared/contract';
import { signedText } from '../core/phone/device-keys';
import { startPhoneHost } from './phone-host';
import { createDeskApp, type DeskApp } from '../app/desk-app';
import { DEVICE_CALLS } from '../app/phone/device-gate';

const ADDRESS = '127.0.0.2';
type Frame = Record<string, unknown>;

/** The phone's socket: frames kept in order, waited for by what they say. */
async function phoneSocket(origin: string, ca: string) {
  const ws = new WebSocket(`${origin.replace('https', 'wss')}/ws`, { ca, headers: { origin } });
  const frames: Frame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as Frame));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const seen = new Set<Frame>();
  const waitFor = async (match: (f: Frame) => boolean, timeout = 60_000): Promise<Frame> => {
    let found: Frame | undefined;
    await vi.waitFor(
      () => {
        found = frames.find((f) => !seen.has(f) && match(f));
        expect(found).toBeDefined();
      },
      { timeout, interval: 20 },
    );
    seen.add(found!);
    return found!;
  };
  let id = 0;
  const call = async (name: string, input?: unknown): Promise<Frame> => {
    const callId = ++id;
    ws.send(JSON.stringify({ kind: 'call', id: callId, name, input }));
    return waitFor((f) => f.kind === 'result' && f.id === callId);
  };
  return { ws, frames, waitFor, call };
}

/** Every file under a folder with its bytes' hash, logs left out (they grow by design). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.includes(`${path.sep}logs${path.sep}`)) continue;
    out[path.relative(dir, file)] = createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');
  }
  return out;
}

describe.skipIf(process.platform !== 'linux')(
  'phone access, a full run (real CLI, mock API, fake push service)',
  () => {
    let mock: MockApi;
    let push: FakePushService;
    let cli: RealCliEnv;
    let desk: DeskApp;
    let dataDir: string;
    let rendererDir: string;

    beforeAll(async () => {
      mock = await startMockAnthropicApi();
      push = await startFakePushService();
      cli = realCliEnv(mock);
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-phone-run-'));
      rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-phone-page-'));
      await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Claude Desk</title>');
      desk = await createDeskApp({
        host: 'web',
        env: {
          ...cli.env,
          CLAUDE_DESK_CLI: realCliPath(),
          CLAUDE_DESK_DATA_DIR: dataDir,
          CLAUDE_DESK_PHONE_LOOPBACK_ADDRESS: ADDRESS,
        },
        startPhoneListener: (r) => startPhoneHost({ ...r, rendererDir }),
        pushNetwork: push.network,
      });
    });
    afterAll(async () => {
      await desk?.shutdown();
      await push?.close();
      await mock?.close();
      cli?.cleanup();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
      if (rendererDir) await fs.rm(rendererDir, { recursive: true, force: true });
    });

    it('pairs, is told by push, approves a Bash that cannot read the CA key, is refused the rest, and leaks nothing', async () => {
      const wall = await desk.services.sandbox();
      await desk.handlers.updateSettings({ permissionMode: 'ask' });
      const access = await desk.handlers.setPhoneAccess({ on: true, route: 'lan', address: ADDRESS });
      expect(access).toMatchObject({ on: true, origin: expect.stringMatching(/^https:\/\/127\.0\.0\.2:/) });
      const phoneDir = path.join(desk.layout.stateDir, 'phone');
      const ca = await fs.readFile(path.join(phoneDir, 'ca.pem'), 'utf8');
      const caKeyFile = path.join(phoneDir, 'ca-key.pem');

      // Pair: the link's code, the number typed at the computer, a name.
      const { link } = await desk.handlers.startPairing(undefined);
      const origin = new URL(link).origin;
      const code = new URL(link).hash.slice(1);
      const key = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
      const publicKey = await webcrypto.subtle.exportKey('jwk', key.publicKey);
      const privateD = (await webcrypto.subtle.exportKey('jwk', key.privateKey)).d!;
      const asked = new Promise<string>((resolve) =>
        desk.bus.on('pairingRequest', (p) => 'address' in p && resolve(p.requestId)),
      );
      const pairing = await phoneSocket(origin, ca);
      pairing.ws.send(JSON.stringify({ kind: 'pair', code, publicKey }));
      const { number } = await pairing.waitFor((f) => f.kind === 'pair-number');
      const requestId = await asked;
      await desk.handlers.answerPairing({ requestId, allow: true, number: String(number), name: 'Test phone' });
      const { deviceId } = await pairing.waitFor((f) => f.kind === 'paired');
      pairing.ws.close();

      // Sign in with the key, as the page does on each connection.
      const phone = await phoneSocket(origin, ca);
      const { nonce } = await phone.waitFor((f) => f.kind === 'hello');
      const signature = Buffer.from(
        await webcrypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          key.privateKey,
          new TextEncoder().encode(signedText(origin, String(nonce))),
        ),
      ).toString('base64url');
      phone.ws.send(JSON.stringify({ kind: 'auth', deviceId, signature }));
      await phone.waitFor((f) => f.kind === 'authed');

      // Push: this phone's browser subscribes through the gate.
      const browser = makeReceiver();
      const endpoint = push.endpoint('phone-browser-7f3a');
      expect(await phone.call('subscribePush', { subscription: { endpoint, keys: browser.keys } })).toMatchObject({
        ok: true,
      });

      // The agent's Bash asks to read the CA key; the phone approves it once.
      const thread = (await phone.call('createThread', { title: 'Try the key' })).value as { id: string };
      await phone.call('sendMessage', { threadId: thread.id, text: `SCENARIO:bash CMD[cat '${caKeyFile}'] Read it` });
      const request = (await phone.waitFor(
        (f) => f.kind === 'event' && (f.payload as { type?: string }).type === 'approval_request',
      )) as { payload: { turnId: string; request: { requestId: string } } };
      await vi.waitFor(() => expect(push.received.length).toBeGreaterThanOrEqual(1), { timeout: 60_000 });
      expect(JSON.parse(decryptAes128gcm(browser, push.received[0]!.body))).toMatchObject({ kind: 'waiting' });
      expect(
        await phone.call('answerApproval', {
          threadId: thread.id,
          turnId: request.payload.turnId,
          requestId: request.payload.request.requestId,
          decision: { behavior: 'allow', scope: 'once' },
        }),
      ).toMatchObject({ ok: true });
      await phone.waitFor(
        (f) =>
          f.kind === 'event' &&
          (f.payload as { type?: string; turnId?: string }).type === 'finished' &&
          (f.payload as { turnId?: string }).turnId === request.payload.turnId,
      );
      const caKey = await fs.readFile(caKeyFile, 'utf8');
      const threadText = async () =>
        (
          await Promise.all(
            (await fs.readdir(desk.layout.threadsDir, { recursive: true }))
              .map((f) => path.join(desk.layout.threadsDir, String(f)))
              .map((f) => fs.readFile(f, 'utf8').catch(() => '')),
          )
        ).join('\n');
      // The Bash ran (its result is in the thread), and saw no key: behind the wall the state dir is not there.
      const log = await threadText();
      expect(log).toContain('ca-key.pem');
      if (wall.kind !== 'none')
        expect(log).toMatch(/"result":"Exit code 1\\ncat: [^"]*ca-key\.pem: No such file or directory"/);
      expect(log).toMatch(/"actor":\{"deviceId":"[^"]+","name":"Test phone","route":"lan"/);
      if (wall.kind !== 'none') expect(log).not.toContain('PRIVATE KEY');

      // Every call the gate does not open, from the phone: refused, nothing in the data dir changed.
      await vi.waitFor(async () => expect(await snapshot(dataDir)).toEqual(await snapshot(dataDir)));
      const before = await snapshot(dataDir);
      const harmful: Record<string, unknown> = {
        setApiKey: { key: 'sk-ant-stolen' },
        updateSettings: { permissionMode: 'bypassPermissions' },
        deleteThread: { threadId: thread.id },
        revokeDevice: { id: String(deviceId) },
        setPhoneAccess: { on: false },
        startPairing: undefined,
        setNotifySettings: { ntfy: { server: 'https://evil.example', topic: 'x' } },
      };
      const refused = CALL_NAMES.filter((n) => !Object.prototype.hasOwnProperty.call(DEVICE_CALLS, n));
      for (const name of refused) {
        const r = await phone.call(name, harmful[name] ?? {});
        expect(r, name).toMatchObject({ ok: false, error: expect.stringMatching(/phone|computer/) });
      }
      const after = await snapshot(dataDir);
      expect(Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k])).toEqual([]);
      expect(await phone.call('getBoard')).toMatchObject({ ok: true }); // still paired, still served

      // Nothing secret in any log or thread file: only the stores made for them hold their secrets, 0600.
      const vapid = JSON.parse(await fs.readFile(path.join(desk.layout.stateDir, 'push-vapid.json'), 'utf8')) as {
        privateKey: string;
      };
      const serverKey = await fs.readFile(path.join(phoneDir, 'server-key.pem'), 'utf8');
      const pemBody = (pem: string) => pem.split('\n').slice(1, 3).join('');
      const secrets: Record<string, string> = {
        'the pairing code': code,
        'a nonce': String(nonce),
        'a signature': signature,
        "the device's private key": privateD,
        'the push private key': vapid.privateKey,
        "the subscription's auth secret": browser.keys.auth,
        "the subscription's endpoint": 'phone-browser-7f3a',
        'the CA key': pemBody(caKey),
        "the server certificate's key": pemBody(serverKey),
        'the API key': String(cli.env.ANTHROPIC_API_KEY),
      };
      const stores = new Set(
        ['phone/ca-key.pem', 'phone/server-key.pem', 'push-vapid.json', 'push-subscriptions.json'].map((f) =>
          path.join(desk.layout.stateDir, f),
        ),
      );
      const files = (await fs.readdir(dataDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
      expect(files).toContain(desk.layout.logFile);
      for (const file of files) {
        if (stores.has(file)) {
          expect((await fs.stat(file)).mode & 0o077, file).toBe(0);
          continue;
        }
        const text = await fs.readFile(file, 'latin1');
        for (const [what, secret] of Object.entries(secrets))
          expect(text.includes(secret), `${what} in ${path.relative(dataDir, file)}`).toBe(false);
      }
    });
  },
);
