import { parseCallInput, type AppInfo, type DeskHandlers, type EventName, type Events } from '../../shared/contract';
import type { DeviceActor, PairingEnd, PairedDevice, PhoneRoute } from '../../shared/phone';
import type { ApprovalRequest } from '../../shared/turn-events';
import type { EventBus } from '../event-bus';
import { PairingCodes, type PendingPairing } from '../../core/phone/pairing';
import { DevicesStore, type DeviceRecord } from '../../core/phone/devices-store';
import { asDevicePublicKey, Nonces, verifyDeviceSignature } from '../../core/phone/device-keys';
import { deviceMayReceive, gateDeviceCall } from './device-gate';

/**
 * The computer's side of paired devices, for the phone listener (src/web/phone-host.ts): pairing over a socket,
 * authenticating a connection by a signed nonce, every call through the device gate, events filtered, and a revoke
 * that closes the device's sockets at once. Who answered from a device is recorded (`onDeviceAnswer`).
 */

/** What the phone listener knows of one connection. */
export interface DeviceConnection {
  /** The source address, as the listener saw it (the Tailscale route: the tailnet, as serve forwarded it). */
  address: string;
  route: PhoneRoute;
  /** Closes the socket (a revoke, phone access turned off). */
  close(code: number, reason: string): void;
  send(frame: object): void;
}

export type PairReply =
  { kind: 'pair-number'; number: string } | { kind: 'pair-end'; end: PairingEnd | 'refused'; message: string };

export interface DeviceSession {
  device: DeviceRecord;
  call(name: unknown, input: unknown): Promise<unknown>;
  /** A pushed event, if this device may see it. */
  mayReceive(event: EventName): boolean;
  end(): void;
}

export interface PhoneDevicesOptions {
  file: string;
  bus: EventBus;
  handlers: () => DeskHandlers;
  recentProjects: () => Promise<string[]>;
  /** Who answered a card from a device: recorded on the card and in the thread log. */
  onDeviceAnswer?: (answer: {
    actor: DeviceActor;
    threadId: string;
    turnId: string;
    requestId: string;
    scope?: string;
    behavior: string;
  }) => void;
  /** A device asked to stop a turn (told before the stop): the other devices hear it was stopped, and from where. */
  onDeviceStop?: (stop: { actor: DeviceActor; threadId: string; turnId?: string }) => void;
  /** A device was revoked: what else keeps it goes too (its push subscriptions). */
  onRevoked?: (deviceId: string) => Promise<unknown>;
  now?: () => number;
  warn?: (message: string) => void;
}

export class PhoneDevices {
  readonly store: DevicesStore;
  readonly nonces: Nonces;
  readonly codes: PairingCodes;
  private readonly sockets = new Map<string, Set<DeviceConnection>>();
  /** The socket that redeemed the current code, told the outcome. */
  private pairingSocket: { requestId: string; conn: DeviceConnection } | undefined;
  private readonly approvals = new Map<string, { toolName: string; input: Record<string, unknown> }>();
  private readonly unsubscribe: () => void;

  constructor(private readonly opts: PhoneDevicesOptions) {
    const now = opts.now ?? Date.now;
    this.store = new DevicesStore(opts.file, now, opts.warn);
    this.nonces = new Nonces(now);
    this.codes = new PairingCodes(now, (requestId, end, message) => this.pairingEnded(requestId, end, message));
    // The approvals waiting now, for the gate (a question's answers may change nothing else of its input).
    this.unsubscribe = opts.bus.on('turnEvent', (e) => {
      if (e.type === 'approval_request') this.approvals.set(approvalKey(e, e.request.requestId), pick(e.request));
      else if (e.type === 'approval_resolved') this.approvals.delete(approvalKey(e, e.requestId));
      else if (e.type === 'finished')
        for (const k of this.approvals.keys())
          if (k.startsWith(`${e.threadId}\n${e.turnId}\n`)) this.approvals.delete(k);
    });
  }

  load(): Promise<void> {
    return this.store.load();
  }

  list(): PairedDevice[] {
    return this.store.list((id) => (this.sockets.get(id)?.size ?? 0) > 0);
  }

  /** A phone opened the pairing link: the code redeemed, the desktop asked. */
  redeem(code: unknown, publicKey: unknown, conn: DeviceConnection): PairReply {
    const key = asDevicePublicKey(publicKey);
    if (typeof code !== 'string' || code.length > 100 || !key)
      return { kind: 'pair-end', end: 'refused', message: 'This pairing link is not valid. Ask for a new one.' };
    const r = this.codes.redeem(code, conn.address, conn.route, key);
    if (!r.ok) {
      if (r.reason === 'code-reused' || r.reason === 'locked-out') {
        this.opts.bus.emit('notice', { level: 'warning', message: pairingWarning(r.reason) });
      }
      return { kind: 'pair-end', end: r.reason === 'code-reused' ? 'code-reused' : 'refused', message: r.message };
    }
    this.pairingSocket = { requestId: r.pending.requestId, conn };
    this.opts.bus.emit('pairingRequest', {
      requestId: r.pending.requestId,
      address: r.pending.address,
      route: r.pending.route,
      at: r.pending.at,
    });
    return { kind: 'pair-number', number: r.pending.number };
  }

  /** The desktop's answer. Paired: the phone is told its device id (its key stays on the phone). */
  async answer(input: {
    requestId: string;
    allow: boolean;
    number?: string;
    name?: string;
  }): Promise<{ ok: boolean; message: string }> {
    const pending: PendingPairing | undefined = this.codes.current();
    const conn = this.pairingSocket?.requestId === input.requestId ? this.pairingSocket.conn : undefined;
    const r = this.codes.answer(input.requestId, input.allow, input.number, input.name);
    if (!r.ok) return { ok: false, message: r.message };
    if (!input.allow) return { ok: true, message: 'Denied.' };
    const publicKey = asDevicePublicKey(pending?.publicKey);
    if (!pending || !publicKey) return { ok: false, message: 'This pairing request is over. Start pairing again.' };
    const device = await this.store.add({ name: r.name, route: pending.route, address: pending.address, publicKey });
    conn?.send({ kind: 'paired', deviceId: device.id, name: device.name });
    this.opts.bus.emit('phoneChanged', {});
    return { ok: true, message: `Paired "${device.name}".` };
  }

  /** A connection's proof: the device's signature of the nonce this listener gave it. */
  async authenticate(
    frame: { deviceId?: unknown; nonce?: unknown; signature?: unknown },
    origin: string,
    conn: DeviceConnection,
  ): Promise<DeviceSession | undefined> {
    const { deviceId, nonce, signature } = frame;
    if (typeof deviceId !== 'string' || typeof nonce !== 'string' || typeof signature !== 'string') return undefined;
    if (!this.nonces.consume(nonce)) return undefined; // replayed, expired or never issued
    const device = this.store.usable(deviceId);
    if (!device || !verifyDeviceSignature(device.publicKey, origin, nonce, signature)) return undefined;
    await this.store.seen(device.id, conn.address);
    const set = this.sockets.get(device.id) ?? new Set();
    this.sockets.set(device.id, set);
    set.add(conn);
    this.opts.bus.emit('phoneChanged', {});
    return {
      device,
      call: (name, input) => this.call(device, conn, name, input),
      mayReceive: deviceMayReceive,
      end: () => {
        set.delete(conn);
        if (set.size === 0) this.sockets.delete(device.id);
        this.opts.bus.emit('phoneChanged', {});
      },
    };
  }

  private async call(device: DeviceRecord, conn: DeviceConnection, name: unknown, input: unknown): Promise<unknown> {
    // Revoked while the call was on its way: nothing of it applies.
    if (!this.store.usable(device.id)) throw new Error('This device is no longer paired.');
    const verdict = await gateDeviceCall(name, input, {
      device,
      approvalRequest: (threadId, turnId, requestId) => this.approvals.get(`${threadId}\n${turnId}\n${requestId}`),
      recentProjects: this.opts.recentProjects,
    });
    if (!verdict.ok) throw new Error(verdict.message);
    if (!this.store.usable(device.id)) throw new Error('This device is no longer paired.');
    const actor: DeviceActor = { deviceId: device.id, name: device.name, route: conn.route, address: conn.address };
    let allowed = verdict.input;
    if (verdict.name === 'answerApproval') {
      // Who answered goes on the card and in the thread log: the computer writes it (the gate let none through).
      const a = allowed as { decision: Record<string, unknown> };
      allowed = { ...a, decision: { ...a.decision, actor } };
    }
    if (verdict.name === 'stopTurn') {
      const { threadId, turnId } = allowed as { threadId: string; turnId?: string };
      this.opts.onDeviceStop?.({ actor, threadId, ...(turnId ? { turnId } : {}) });
    }
    // The contract's schema still validates what the gate let through, as for any caller (dispatch-call.ts).
    const handler = this.opts.handlers()[verdict.name] as (input: unknown) => Promise<unknown>;
    const value = await handler(parseCallInput(verdict.name, allowed));
    // A device's page is a browser page whatever serves it (the desktop app or browser mode): the window's folder
    // dialog, opening files on the computer and its shortcuts are not its own.
    if (verdict.name === 'getAppInfo') return { ...(value as AppInfo), host: 'web' } satisfies AppInfo;
    if (verdict.name === 'answerApproval') {
      const a = verdict.input as {
        threadId: string;
        turnId: string;
        requestId: string;
        decision: Record<string, unknown>;
      };
      this.opts.onDeviceAnswer?.({
        actor,
        threadId: a.threadId,
        turnId: a.turnId,
        requestId: a.requestId,
        behavior: String(a.decision.behavior),
        scope: typeof a.decision.scope === 'string' ? a.decision.scope : undefined,
      });
    }
    return value;
  }

  /** Forget a device: its sockets close now, and it can never authenticate again. */
  async revoke(id: string): Promise<void> {
    await this.store.remove(id);
    this.closeSockets(id, 'This device was revoked on the computer.');
    await Promise.resolve(this.opts.onRevoked?.(id)).catch((err: unknown) =>
      this.opts.warn?.(`forgetting the revoked device's notifications failed: ${String(err)}`),
    );
    this.opts.bus.emit('phoneChanged', {});
  }

  /** Every device socket closes (phone access turned off, quit). */
  closeAll(reason: string): void {
    for (const id of [...this.sockets.keys()]) this.closeSockets(id, reason);
    this.codes.cancel('Phone access was turned off.');
  }

  close(): void {
    this.closeAll('Claude Desk is quitting.');
    this.unsubscribe();
  }

  private closeSockets(id: string, reason: string): void {
    for (const conn of this.sockets.get(id) ?? []) conn.close(4403, reason);
    this.sockets.delete(id);
  }

  private pairingEnded(requestId: string, end: PairingEnd, message: string): void {
    const conn = this.pairingSocket?.requestId === requestId ? this.pairingSocket.conn : undefined;
    if (conn) this.pairingSocket = undefined;
    if (end !== 'paired') conn?.send({ kind: 'pair-end', end, message } satisfies PairReply);
    const payload: Events['pairingRequest'] = { requestId, ended: end, message };
    this.opts.bus.emit('pairingRequest', payload);
  }
}

function approvalKey(e: { threadId: string; turnId: string }, requestId: string): string {
  return `${e.threadId}\n${e.turnId}\n${requestId}`;
}

function pick(r: ApprovalRequest): { toolName: string; input: Record<string, unknown> } {
  return { toolName: r.toolName, input: r.input };
}

function pairingWarning(reason: 'code-reused' | 'locked-out'): string {
  return reason === 'code-reused'
    ? 'A pairing link was opened twice, so pairing was cancelled: someone else may have seen the code. Start again.'
    : 'Too many wrong pairing codes reached phone access, so the current link was cancelled. Start pairing again.';
}
