/**
 * Phone access's calls (issue 51), spread into the contract's calls. Every one of them is refused to a paired device
 * (pairing and device calls are the computer's alone).
 */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { PhoneCallName } from './phone-names';
import {
  PHONE_ROUTES,
  type PairedDevice,
  type PairingEnd,
  type PairingLink,
  type PairingRequest,
  type PhoneAccess,
} from '../phone';

const filePath = z.string().min(1).max(4096);

export const phoneCalls = {
  /** Whether phone access is on, where it listens, and the addresses and routes it could use. */
  getPhoneAccess: call<PhoneAccess>()(z.undefined()),
  /**
   * Turn phone access on (on one address by route; a public address only with allowPublic) or off. Off, and at quit,
   * every socket of it closes and Tailscale's serve entry goes.
   */
  setPhoneAccess: call<PhoneAccess>()(
    z
      .object({
        on: z.boolean(),
        route: z.enum(PHONE_ROUTES).optional(),
        address: z.string().min(1).max(100).optional(),
        allowPublic: z.boolean().optional(),
        certFile: filePath.optional(),
        keyFile: filePath.optional(),
      })
      .strict(),
  ),
  /** A fresh one-time pairing link (2 minutes, single use); an earlier one not redeemed is cancelled. */
  startPairing: call<PairingLink>()(z.undefined()),
  cancelPairing: call<null>()(z.undefined()),
  /** The desktop's answer to "Allow a new device from …?": the number the phone shows and the device's name. */
  answerPairing: call<{ ok: boolean; message: string }>()(
    z
      .object({
        requestId: z.string().min(1).max(200),
        allow: z.boolean(),
        number: z
          .string()
          .regex(/^\d{6}$/)
          .optional(),
        name: z.string().max(200).optional(),
      })
      .strict(),
  ),
  listDevices: call<PairedDevice[]>()(z.undefined()),
  /** Forget a device: its sockets close within a second, its push subscription goes. */
  revokeDevice: call<null>()(z.object({ id: z.string().min(1).max(200) }).strict()),
} satisfies CallsOf<PhoneCallName>;

export interface PhoneEvents {
  /** A phone opened a pairing link (ask the user), or that request ended. */
  pairingRequest: PairingRequest | { requestId: string; ended: PairingEnd; message: string };
  /** Phone access or the paired devices changed: Settings reads them again. */
  phoneChanged: Record<string, never>;
}
