import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { PairingEnd, PhoneRoute } from '../../shared/phone';
import { cleanDeviceName } from '../../shared/device-name';

/**
 * Pairing a phone: a one-time code (128 bits, only ever in a link's fragment, single use, 2 minutes), then a 6-digit
 * number the phone shows and the user types on the computer. A photo of the QR code gets a thief nothing: the number
 * is shown only on the phone that redeemed the code, and a second redemption cancels the pairing. Wrong codes count
 * against the current code: past the limit it is cancelled (a fresh one pairs), so guessing never blocks the user.
 */

export const CODE_TTL_MS = 2 * 60 * 1000;
/** After redemption, the user has this long to type the number. */
export const ANSWER_TTL_MS = 2 * 60 * 1000;
/** Wrong codes (from anywhere) that cancel the current code. */
export const WRONG_CODES_BEFORE_LOCKOUT = 20;

export interface PendingPairing {
  requestId: string;
  number: string;
  address: string;
  route: PhoneRoute;
  at: number;
  expiresAt: number;
  /** The phone's public key (JWK), stored once the user allows it. */
  publicKey: unknown;
}

export type RedeemResult =
  | { ok: true; pending: PendingPairing }
  | { ok: false; reason: 'wrong' | 'expired' | 'code-reused' | 'locked-out'; message: string };

export type AnswerResult =
  { ok: true; pending: PendingPairing; name: string } | { ok: false; end?: PairingEnd; message: string };

const hash = (s: string): Buffer => createHash('sha256').update(s).digest();
const same = (a: string, b: string): boolean => timingSafeEqual(hash(a), hash(b));

/** The one cleaning of a device's name, the page's and the computer's (shared/device-name.ts). */
export { cleanDeviceName };

export class PairingCodes {
  private code: { value: string; expiresAt: number; redeemed?: string } | undefined;
  private pending: PendingPairing | undefined;
  private wrong = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onEnd: (requestId: string, end: PairingEnd, message: string) => void = () => {},
  ) {}

  /** A fresh code; an earlier one (and a request waiting on it) is cancelled. */
  start(): { code: string; expiresAt: number } {
    this.cancel('A new pairing link replaced this one.');
    const value = randomBytes(16).toString('base64url');
    this.code = { value, expiresAt: this.now() + CODE_TTL_MS };
    this.wrong = 0;
    return { code: value, expiresAt: this.code.expiresAt };
  }

  cancel(message = 'Pairing was cancelled on the computer.'): void {
    this.code = undefined;
    this.endPending('cancelled', message);
  }

  /** A code is waiting to be redeemed or a request to be answered. */
  get active(): boolean {
    this.expire();
    return this.code !== undefined || this.pending !== undefined;
  }

  /** The request waiting for the user's answer, if any. */
  current(): PendingPairing | undefined {
    this.expire();
    return this.pending;
  }

  /** A phone opened the link. Only the first redemption of a code ever gets a number. */
  redeem(code: string, address: string, route: PhoneRoute, publicKey: unknown): RedeemResult {
    this.expire();
    const current = this.code;
    if (!current || !same(code, current.value)) {
      this.wrong++;
      if (current && this.wrong >= WRONG_CODES_BEFORE_LOCKOUT) {
        this.cancel('Too many wrong pairing codes: this link was cancelled. Start pairing again on the computer.');
        return { ok: false, reason: 'locked-out', message: 'This pairing link was cancelled. Ask for a new one.' };
      }
      return { ok: false, reason: 'wrong', message: 'This pairing link is not valid. Ask for a new one.' };
    }
    if (current.redeemed !== undefined) {
      this.cancel('The pairing link was opened twice, so pairing was cancelled: someone else may have it.');
      return {
        ok: false,
        reason: 'code-reused',
        message: 'This pairing link was already used, so pairing was cancelled. Ask for a new one.',
      };
    }
    current.redeemed = address;
    const at = this.now();
    this.pending = {
      requestId: randomBytes(12).toString('base64url'),
      number: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      address,
      route,
      at,
      expiresAt: at + ANSWER_TTL_MS,
      publicKey,
    };
    return { ok: true, pending: this.pending };
  }

  /** The user's answer on the computer: the number typed must be the phone's, and the device needs a name. */
  answer(requestId: string, allow: boolean, number: string | undefined, rawName: string | undefined): AnswerResult {
    this.expire();
    const pending = this.pending;
    if (!pending || pending.requestId !== requestId) {
      return { ok: false, message: 'This pairing request is over. Start pairing again.' };
    }
    if (!allow) {
      this.code = undefined;
      this.endPending('denied', 'Pairing was denied on the computer.');
      return { ok: true, pending, name: '' };
    }
    if (number === undefined || !same(number, pending.number)) {
      this.code = undefined;
      this.endPending('cancelled', 'The number did not match the one on the phone, so pairing was cancelled.');
      return {
        ok: false,
        end: 'cancelled',
        message: 'That is not the number the phone shows, so pairing was cancelled. Start again.',
      };
    }
    const name = cleanDeviceName(rawName ?? '');
    if (!name) return { ok: false, message: 'Give the device a name (up to 40 characters).' };
    this.code = undefined;
    this.pending = undefined;
    this.onEnd(pending.requestId, 'paired', `Paired "${name}".`);
    return { ok: true, pending, name };
  }

  private expire(): void {
    const now = this.now();
    if (this.code && this.code.expiresAt <= now && this.code.redeemed === undefined) this.code = undefined;
    if (this.pending && this.pending.expiresAt <= now) {
      this.code = undefined;
      this.endPending('expired', 'The pairing request expired. Start pairing again.');
    }
  }

  private endPending(end: PairingEnd, message: string): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.onEnd(pending.requestId, end, message);
  }
}
