import type {
  PairedDevice,
  PairingEnd,
  PairingLink,
  PairingRequest,
  PhoneAccess,
  PhoneRoute,
} from '../../../shared/phone';
import { cleanDeviceName } from '../../../shared/device-name';
import { getApi, isDevicePage } from '../api';
import { errorText, type Slice } from './desk-state';

/** How a pairing request the desktop was asked about ended: a notice says it (a reused code warns). */
export interface PairingOutcome {
  requestId: string;
  ended: PairingEnd;
  message: string;
}

export interface PhoneTurnOn {
  route: PhoneRoute;
  address: string;
  allowPublic?: boolean;
  certFile?: string;
  keyFile?: string;
}

/** Settings → Phone & other devices (features/phone) and the desktop's pairing dialog. */
export interface PhoneSlice {
  /** This page is a paired device's: it offers only what the device gate allows (api.ts: isDevicePage). */
  devicePage: boolean;
  phoneAccess: PhoneAccess | null;
  phoneDevices: PairedDevice[];
  /** A read or a change that failed, as a sentence; null when the last one worked. */
  phoneError: string | null;
  phoneBusy: boolean;
  /** The link being shown to pair (QR and text) until it is used, cancelled or expires. */
  pairingLink: PairingLink | null;
  /** A phone opened the link: the desktop asks. */
  pairingRequest: PairingRequest | null;
  loadPhone(): Promise<void>;
  turnPhoneOn(choice: PhoneTurnOn): Promise<boolean>;
  turnPhoneOff(): Promise<void>;
  startPairing(): Promise<void>;
  cancelPairing(): Promise<void>;
  /** The link's two minutes are up: stop showing it (the host has already let it go). */
  pairingLinkExpired(): void;
  /** Allow (with the number and the name) or deny; a message to show when the host says no. */
  answerPairing(answer: { allow: boolean; number?: string; name?: string }): Promise<{ ok: boolean; message: string }>;
  revokeDevice(id: string): Promise<void>;
  /** The host's pairingRequest event: a new request, or the end of one. */
  pairingEvent(e: PairingRequest | PairingOutcome): void;
}

declare module './desk-state' {
  interface DeskState extends PhoneSlice {}
}

export const createPhoneSlice: Slice<PhoneSlice> = (set, get) => ({
  devicePage: isDevicePage(),
  phoneAccess: null,
  phoneDevices: [],
  phoneError: null,
  phoneBusy: false,
  pairingLink: null,
  pairingRequest: null,

  async loadPhone() {
    try {
      const [phoneAccess, phoneDevices] = await Promise.all([getApi().getPhoneAccess(), getApi().listDevices()]);
      set({ phoneAccess, phoneDevices, phoneError: null });
    } catch (err) {
      set({ phoneError: `Phone access could not be read: ${errorText(err)}` });
    }
  },

  async turnPhoneOn(choice) {
    set({ phoneBusy: true });
    try {
      const phoneAccess = await getApi().setPhoneAccess({ on: true, ...choice });
      set({ phoneAccess, phoneBusy: false, phoneError: null });
      return true;
    } catch (err) {
      set({ phoneBusy: false, phoneError: `Phone access did not start: ${errorText(err)}` });
      return false;
    }
  },

  async turnPhoneOff() {
    set({ phoneBusy: true });
    try {
      const phoneAccess = await getApi().setPhoneAccess({ on: false });
      set({ phoneAccess, phoneBusy: false, phoneError: null, pairingLink: null });
    } catch (err) {
      set({ phoneBusy: false, phoneError: `Phone access could not be turned off: ${errorText(err)}` });
    }
  },

  async startPairing() {
    try {
      const pairingLink = await getApi().startPairing();
      set({ pairingLink, phoneError: null });
    } catch (err) {
      set({ phoneError: `No pairing link: ${errorText(err)}` });
    }
  },

  async cancelPairing() {
    set({ pairingLink: null });
    try {
      await getApi().cancelPairing();
    } catch (err) {
      set({ phoneError: `The pairing link could not be cancelled: ${errorText(err)}` });
    }
  },

  pairingLinkExpired() {
    set({ pairingLink: null });
  },

  async answerPairing({ allow, number, name }) {
    const request = get().pairingRequest;
    if (!request) return { ok: false, message: 'That request has already ended.' };
    try {
      const answer = await getApi().answerPairing({
        requestId: request.requestId,
        allow,
        ...(allow ? { number, name: cleanDeviceName(name ?? '') } : {}),
      });
      // Allowed or denied, this request is over; a wrong number leaves it open to type again.
      if (answer.ok) set({ pairingRequest: null, ...(allow ? { pairingLink: null } : {}) });
      return answer;
    } catch (err) {
      return { ok: false, message: errorText(err) };
    }
  },

  async revokeDevice(id) {
    try {
      await getApi().revokeDevice({ id });
      set({ phoneDevices: get().phoneDevices.filter((d) => d.id !== id) });
    } catch (err) {
      set({ phoneError: `The device could not be revoked: ${errorText(err)}` });
    }
  },

  pairingEvent(e) {
    if ('ended' in e) {
      const open = get().pairingRequest;
      // The dialog closes (another window may have answered); the link is spent once paired, reused or expired.
      set({
        pairingRequest: open?.requestId === e.requestId ? null : open,
        ...(e.ended === 'cancelled' || e.ended === 'denied' ? {} : { pairingLink: null }),
      });
      // A code redeemed twice means someone else holds the link: that is a warning that stays until read.
      if (e.ended === 'code-reused') get().pushNotice('warning', e.message, true);
      else get().pushNotice('info', e.message);
      return;
    }
    set({ pairingRequest: e });
  },
});
