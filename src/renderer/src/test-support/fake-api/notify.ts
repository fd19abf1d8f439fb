/** The fake host's answers to the notify calls (composed with the others in fake-api.ts). */
import type { NotifyCallName } from '../../../../shared/contract/notify-names';
import type { FakeAnswers, FakeContext } from './host';

export function notifyAnswers(_context: FakeContext): FakeAnswers<NotifyCallName> {
  return {
    getPushKey: () => ({ publicKey: 'BPushKeyForTests' }),
    subscribePush: () => null,
    unsubscribePush: () => null,
    getNotify: () => ({
      ntfy: { hasToken: false, tokenStorage: 'memory', titles: false },
      push: { devices: 0, subscriptions: 0 },
    }),
    setNotify: () => ({
      ntfy: { hasToken: false, tokenStorage: 'memory', titles: false },
      push: { devices: 0, subscriptions: 0 },
    }),
    testNotify: () => ({ ok: false, message: 'Nothing to notify yet.' }),
  };
}
