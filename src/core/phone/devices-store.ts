import { randomBytes } from 'node:crypto';
import { readJsonOrDefault, writeJsonAtomic } from '../store/atomic-write';
import type { PairedDevice, PhoneRoute } from '../../shared/phone';
import { asDevicePublicKey, type DevicePublicKey } from './device-keys';

/**
 * The paired devices, in the data dir's private part (0600, written atomically): public keys only. A device unused
 * for 30 days is forgotten; its pairing must be renewed 180 days after it was made.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const FORGET_UNUSED_MS = 30 * DAY_MS;
export const RENEW_AFTER_MS = 180 * DAY_MS;
/** Last-seen times are written at most this often (a phone reconnecting every minute writes nothing). */
const SEEN_WRITE_MS = 60 * 60 * 1000;

export interface DeviceRecord {
  id: string;
  name: string;
  route: PhoneRoute;
  address: string;
  publicKey: DevicePublicKey;
  pairedAt: number;
  lastSeenAt: number;
}

function asRecord(v: unknown): DeviceRecord | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const publicKey = asDevicePublicKey(r.publicKey);
  if (
    typeof r.id !== 'string' ||
    typeof r.name !== 'string' ||
    (r.route !== 'lan' && r.route !== 'tailscale' && r.route !== 'own-certificate') ||
    typeof r.address !== 'string' ||
    typeof r.pairedAt !== 'number' ||
    typeof r.lastSeenAt !== 'number' ||
    !publicKey
  )
    return undefined;
  return {
    id: r.id,
    name: r.name,
    route: r.route,
    address: r.address,
    publicKey,
    pairedAt: r.pairedAt,
    lastSeenAt: r.lastSeenAt,
  };
}

export class DevicesStore {
  private devices: DeviceRecord[] = [];
  private loaded = false;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  async load(): Promise<void> {
    const raw = await readJsonOrDefault(this.file, { devices: [] }, this.onWarning);
    const list = (raw as { devices?: unknown }).devices;
    this.devices = (Array.isArray(list) ? list : []).map(asRecord).filter((d) => d !== undefined);
    this.loaded = true;
    if (this.forgetStale()) await this.save();
  }

  /** A device whose credential still counts: known, used within 30 days, pairing not past 180 days. */
  usable(id: string): DeviceRecord | undefined {
    const d = this.devices.find((x) => x.id === id);
    if (!d) return undefined;
    const now = this.now();
    if (now - d.lastSeenAt > FORGET_UNUSED_MS || now - d.pairedAt > RENEW_AFTER_MS) return undefined;
    return d;
  }

  list(connected: (id: string) => boolean = () => false): PairedDevice[] {
    this.forgetStale();
    return this.devices.map((d) => ({
      id: d.id,
      name: d.name,
      route: d.route,
      address: d.address,
      pairedAt: d.pairedAt,
      lastSeenAt: d.lastSeenAt,
      renewBy: d.pairedAt + RENEW_AFTER_MS,
      connected: connected(d.id),
    }));
  }

  async add(fields: Omit<DeviceRecord, 'id' | 'pairedAt' | 'lastSeenAt'>): Promise<DeviceRecord> {
    this.mustBeLoaded();
    const at = this.now();
    const record: DeviceRecord = { ...fields, id: randomBytes(12).toString('base64url'), pairedAt: at, lastSeenAt: at };
    this.devices.push(record);
    await this.save();
    return record;
  }

  async remove(id: string): Promise<boolean> {
    this.mustBeLoaded();
    const before = this.devices.length;
    this.devices = this.devices.filter((d) => d.id !== id);
    if (this.devices.length === before) return false;
    await this.save();
    return true;
  }

  /** The device connected now (saved when the last saved time is an hour old). */
  async seen(id: string, address: string): Promise<void> {
    const d = this.devices.find((x) => x.id === id);
    if (!d) return;
    const now = this.now();
    const due = now - d.lastSeenAt >= SEEN_WRITE_MS || d.address !== address;
    d.lastSeenAt = now;
    d.address = address;
    if (due) await this.save();
  }

  private forgetStale(): boolean {
    const now = this.now();
    const before = this.devices.length;
    this.devices = this.devices.filter((d) => now - d.lastSeenAt <= FORGET_UNUSED_MS);
    return this.devices.length !== before;
  }

  private mustBeLoaded(): void {
    if (!this.loaded) throw new Error('DevicesStore: load() first');
  }

  private save(): Promise<void> {
    const snapshot = { devices: this.devices.map((d) => ({ ...d })) };
    this.writes = this.writes.catch(() => {}).then(() => writeJsonAtomic(this.file, snapshot));
    return this.writes;
  }
}
