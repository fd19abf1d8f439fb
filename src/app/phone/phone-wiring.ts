import fs from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { renderSVG } from 'uqr';
import type { DeskHandlers } from '../../shared/contract';
import type { PhoneAccess, PhoneAddress, PhoneRoute, TailscaleState } from '../../shared/phone';
import type { EventBus } from '../event-bus';
import { readJsonOrDefault, writeFileAtomic, writeJsonAtomic } from '../../core/store/atomic-write';
import { runToEnd, startProcess } from '../../core/process-runner';
import { listPhoneAddresses, urlHost } from '../../core/phone/addresses';
import {
  certificateFingerprint,
  certificateServes,
  makeCertificateAuthority,
  makeServerCertificate,
  type PemPair,
} from '../../core/phone/certificates';
import {
  startTailscaleServe,
  tailscaleState,
  TailscaleRefusal,
  type TailscaleDeps,
  type TailscaleServe,
} from '../../core/phone/tailscale';
import { PhoneDevices, type PhoneDevicesOptions } from './phone-devices';

/**
 * Phone access, wired: the settings (route, address, fixed port), the certificates, the listener's life (started by
 * the front door's factory, stopped when the address goes, when turned off and at quit, every socket with it), and
 * the phone calls' handlers. Its files live in the data dir's private `state/phone/` — the part the sandbox walls
 * (Seatbelt on macOS, bubblewrap on Linux) hide from the agent; without a wall (Windows, or Linux without bubblewrap)
 * they are protected only by their 0600 permissions, like the rest of the data dir.
 */

export type PhoneHandlers = Pick<
  DeskHandlers,
  | 'getPhoneAccess'
  | 'setPhoneAccess'
  | 'startPairing'
  | 'cancelPairing'
  | 'answerPairing'
  | 'listDevices'
  | 'revokeDevice'
>;

/** What the front door's listener needs (src/web/phone-host.ts implements it). */
export interface PhoneListenerRequest {
  devices: PhoneDevices;
  bus: EventBus;
  bindAddress: string;
  port: number;
  origin: (port: number) => string;
  route: PhoneRoute;
  tls?: { cert: string; key: string };
  trustForwardedFor?: boolean;
  /** The LAN route: the CA a phone installs first, served over plain HTTP on the next port ("trust this computer"). */
  trustCaPem?: string;
}
export type StartPhoneListener = (
  request: PhoneListenerRequest,
) => Promise<{ origin: string; port: number; trustUrl?: string; close(): Promise<void> }>;

export interface PhoneWiringOptions {
  stateDir: string;
  bus: EventBus;
  handlers: () => DeskHandlers;
  recentProjects: () => Promise<string[]>;
  /** The front door's listener; absent, phone access says where it runs instead. */
  startListener?: StartPhoneListener;
  onDeviceAnswer?: PhoneDevicesOptions['onDeviceAnswer'];
  onDeviceStop?: PhoneDevicesOptions['onDeviceStop'];
  /** A device was revoked: what else keeps it goes (its push subscriptions). */
  onRevoked?: PhoneDevicesOptions['onRevoked'];
  warn?: (message: string) => void;
  /** Test seams. */
  addresses?: () => PhoneAddress[];
  tailscale?: TailscaleDeps;
  /** How often the chosen address is checked for (default 5 s). */
  watchMs?: number;
}

interface SavedAccess {
  on: boolean;
  route?: PhoneRoute;
  address?: string;
  port?: number;
  certFile?: string;
  keyFile?: string;
}

export interface PhoneWiring {
  handlers: PhoneHandlers;
  devices: PhoneDevices;
  /** The LAN route's "trust this computer" page (the CA to install, its fingerprint), while listening. */
  trustUrl(): string | undefined;
  /** Whether phone access is on now (what a paired device is told goes out only then). */
  isOn(): boolean;
  /**
   * Turns phone access back on at start when it was on at the last quit and its address is still this computer's;
   * when the address is gone it stays off, and Settings says why.
   */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function wirePhone(o: PhoneWiringOptions): Promise<PhoneWiring> {
  const dir = path.join(o.stateDir, 'phone');
  const accessFile = path.join(dir, 'access.json');
  const devices = new PhoneDevices({
    file: path.join(dir, 'devices.json'),
    bus: o.bus,
    handlers: o.handlers,
    recentProjects: o.recentProjects,
    onDeviceAnswer: o.onDeviceAnswer,
    onDeviceStop: o.onDeviceStop,
    onRevoked: o.onRevoked,
    warn: o.warn,
  });
  await devices.load();
  const addresses = o.addresses ?? (() => listPhoneAddresses());
  const tsDeps: TailscaleDeps = o.tailscale ?? { run: runToEnd, start: startProcess };

  let saved = (await readJsonOrDefault(accessFile, { on: false }, o.warn)) as SavedAccess;
  let running: { origin: string; close(): Promise<void>; serve?: TailscaleServe; trustUrl?: string } | undefined;
  let problem: string | undefined;
  let watch: NodeJS.Timeout | undefined;
  let tsState: TailscaleState | undefined;
  let caFingerprint: string | undefined;

  const save = async (next: SavedAccess): Promise<void> => {
    saved = next;
    await writeJsonAtomic(accessFile, saved);
  };
  const changed = (): void => o.bus.emit('phoneChanged', {});
  // Turning on, off, resuming, a lost address and quitting run one at a time: a resume still starting when the user
  // turns phone access off (or quits) never leaves a listener behind.
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.then(op);
    chain = next.catch(() => undefined);
    return next;
  };

  async function stop(reason?: string): Promise<void> {
    if (watch) clearInterval(watch);
    watch = undefined;
    devices.closeAll(reason ?? 'Phone access was turned off on the computer.');
    const r = running;
    running = undefined;
    if (r) {
      await r.serve?.stop();
      await r.close();
    }
  }

  async function lanCertificates(address: string): Promise<PemPair & { caPem: string }> {
    const caFile = path.join(dir, 'ca.pem');
    const caKeyFile = path.join(dir, 'ca-key.pem');
    const certFile = path.join(dir, 'server.pem');
    const keyFile = path.join(dir, 'server-key.pem');
    const read = (f: string): Promise<string | undefined> => fs.readFile(f, 'utf8').catch(() => undefined);
    let caPem = await read(caFile);
    let caKey = await read(caKeyFile);
    // One CA per address (it is name-constrained to it): another address, another CA — the phone trusts it anew.
    if (!caPem || !caKey || !certificateServes(caPem, address)) {
      const ca = makeCertificateAuthority(address);
      await writeFileAtomic(caKeyFile, ca.keyPem);
      await writeFileAtomic(caFile, ca.certPem);
      caPem = ca.certPem;
      caKey = ca.keyPem;
    }
    caFingerprint = certificateFingerprint(caPem);
    const cert = await read(certFile);
    const key = await read(keyFile);
    if (cert && key && certificateServes(cert, address)) return { certPem: cert, keyPem: key, caPem };
    const server = makeServerCertificate({ certPem: caPem, keyPem: caKey }, address);
    await writeFileAtomic(keyFile, server.keyPem);
    await writeFileAtomic(certFile, server.certPem);
    return { ...server, caPem };
  }

  async function start(next: SavedAccess & { allowPublic?: boolean }): Promise<void> {
    if (closed) throw new Error('Claude Desk is quitting.');
    if (!o.startListener) {
      throw new Error('Phone access runs from browser mode here: start `claude-desk web --phone` on this computer.');
    }
    const route = next.route ?? 'lan';
    const port = next.port ?? saved.port ?? randomInt(40_000, 49_151);
    if (route === 'tailscale') {
      tsState = await tailscaleState(tsDeps);
      if (tsState.state !== 'ready' || !tsState.name) throw new Error(tsState.sentence ?? 'Tailscale is not ready.');
      const name = tsState.name;
      const listener = await o.startListener({
        devices,
        bus: o.bus,
        bindAddress: '127.0.0.1',
        port: 0,
        origin: () => `https://${name}:${port}`,
        route,
        trustForwardedFor: true,
      });
      try {
        const serve = await startTailscaleServe(tsDeps, { name, port, loopbackPort: listener.port });
        serve.onEnd((message) => {
          if (running?.serve !== serve) return;
          void serial(async () => {
            if (running?.serve !== serve) return;
            problem = message; // before the stop: whoever sees it off sees why
            await stop(message);
            changed();
          });
        });
        running = { origin: serve.origin, close: listener.close, serve };
      } catch (err) {
        await listener.close();
        throw err;
      }
      await save({ on: true, route, address: name, port });
      return;
    }
    const address = next.address;
    const here = addresses().find((a) => a.address === address);
    if (!address || !here) throw new Error('Choose one of this computer’s addresses for phone access.');
    if (here.scope === 'public' && !next.allowPublic) {
      throw new Error(
        `${address} is a public address: anyone who can reach it could try to pair. Allow it only if you mean to.`,
      );
    }
    let tls: { cert: string; key: string };
    let trustCaPem: string | undefined;
    if (route === 'own-certificate') {
      if (!next.certFile || !next.keyFile) throw new Error('Choose your certificate and key files.');
      const [cert, key] = await Promise.all([
        fs.readFile(next.certFile, 'utf8'),
        fs.readFile(next.keyFile, 'utf8'),
      ]).catch(() => {
        throw new Error('Could not read the certificate or key file: check the paths and their permissions.');
      });
      if (!certificateServes(cert, address))
        throw new Error(`That certificate is not for ${address} (or it expires within a week): choose another.`);
      tls = { cert, key };
      caFingerprint = undefined;
    } else {
      const server = await lanCertificates(address);
      tls = { cert: server.certPem, key: server.keyPem };
      trustCaPem = server.caPem;
    }
    let listener;
    try {
      listener = await o.startListener({
        devices,
        bus: o.bus,
        bindAddress: address,
        port,
        origin: (p) => `https://${urlHost(address)}:${p}`,
        route,
        tls,
        trustCaPem,
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE')
        throw new Error(`Port ${port} is taken on ${address}: quit what uses it, or turn phone access off and on.`, {
          cause: err,
        });
      if (code === 'EADDRNOTAVAIL')
        throw new Error(`${address} is no longer this computer's: choose another address.`, { cause: err });
      throw err;
    }
    running = { origin: listener.origin, close: listener.close, trustUrl: listener.trustUrl };
    await save({ on: true, route, address, port: listener.port, certFile: next.certFile, keyFile: next.keyFile });
    // The address went away (another network, the cable out): stopped, every socket with it.
    const mine = running;
    watch = setInterval(() => {
      if (running !== mine || addresses().some((a) => a.address === address)) return;
      void serial(async () => {
        if (running !== mine) return;
        problem = `${address} went away (another network?): phone access stopped. Choose an address to turn it on again.`;
        await stop('This computer left the network phone access was on.');
        changed();
      });
    }, o.watchMs ?? 5_000);
    watch.unref();
  }

  async function access(): Promise<PhoneAccess> {
    tsState ??= await tailscaleState(tsDeps).catch(() => ({ state: 'missing' as const }));
    return {
      on: running !== undefined,
      route: saved.route,
      address: saved.address,
      port: saved.port ?? 0,
      origin: running?.origin,
      problem,
      addresses: addresses(),
      tailscale: tsState,
      caFingerprint: running && saved.route === 'lan' ? caFingerprint : undefined,
    };
  }

  async function setAccess(input: Parameters<DeskHandlers['setPhoneAccess']>[0]): Promise<PhoneAccess> {
    await stop();
    problem = undefined;
    if (!input.on) {
      await save({ ...saved, on: false });
      changed();
      return access();
    }
    try {
      await start({ ...saved, ...input, port: saved.port });
    } catch (err) {
      problem = err instanceof TailscaleRefusal || err instanceof Error ? err.message : String(err);
      await save({ ...saved, on: false });
      changed();
      throw new Error(problem, { cause: err });
    }
    changed();
    return access();
  }

  async function resume(): Promise<void> {
    if (closed || running || !saved.on || !o.startListener) return;
    const was = saved;
    // The address the phones' keys live at (their origin) is gone: another network, the cable out. Not another one
    // silently: phone access stays off until the user chooses.
    if (was.route !== 'tailscale' && !addresses().some((a) => a.address === was.address)) {
      problem = `Phone access was on at ${was.address ?? 'an address'}, which this computer no longer has (another network?), so it stays off: choose an address to turn it on again.`;
    } else {
      try {
        await start(was);
      } catch (err) {
        problem = `Phone access did not start again: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    if (problem) {
      o.warn?.(problem);
      await save({ ...was, on: false });
    }
    changed();
  }

  const handlers: PhoneHandlers = {
    getPhoneAccess: () => access(),
    setPhoneAccess: (input) => serial(() => setAccess(input)),
    startPairing: async () => {
      if (!running) throw new Error('Turn phone access on first.');
      const { code, expiresAt } = devices.codes.start();
      const link = `${running.origin}/pair#${code}`;
      return { link, qrSvg: renderSVG(link, { border: 2 }), expiresAt };
    },
    cancelPairing: async () => {
      devices.codes.cancel();
      return null;
    },
    answerPairing: (input) => devices.answer(input),
    listDevices: async () => devices.list(),
    revokeDevice: async ({ id }) => {
      await devices.revoke(id);
      return null;
    },
  };

  return {
    handlers,
    devices,
    trustUrl: () => running?.trustUrl,
    isOn: () => running !== undefined,
    resume: () => serial(resume),
    close: () =>
      serial(async () => {
        closed = true;
        await stop('Claude Desk is quitting.');
        devices.close();
      }),
  };
}
