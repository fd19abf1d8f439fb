/**
 * PLACEHOLDER — drop at merge. Only so the screens' branch typechecks before phone access's host side exists; the
 * real handlers (listener, pairing, devices) replace this file and its one line in desk-app.ts.
 */
import type { DeskHandlers } from '../../shared/contract';

type PhoneCallName =
  | 'getPhoneAccess'
  | 'setPhoneAccess'
  | 'startPairing'
  | 'cancelPairing'
  | 'answerPairing'
  | 'listDevices'
  | 'revokeDevice';

const notHere = (): Promise<never> =>
  Promise.reject(new Error('Phone access is not part of this build yet. Update Claude Desk to use it.'));

export const phoneHandlersPlaceholder: Pick<DeskHandlers, PhoneCallName> = {
  getPhoneAccess: notHere,
  setPhoneAccess: notHere,
  startPairing: notHere,
  cancelPairing: notHere,
  answerPairing: notHere,
  listDevices: notHere,
  revokeDevice: notHere,
};
