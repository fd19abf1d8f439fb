/**
 * A fake host for component tests and the bench: every DeskApi verb is a vi.fn-like recorder with
 * a sensible default answer, and `emit` pushes events the way the real host does. Each feature's default answers
 * are in `fake-api/<feature>.ts`, named as its contract file; this file only composes them.
 */
import type { AppInfo, CallName, DeskApi, EventName } from '../../../shared/contract';
import { createApiProxy } from '../../../shared/api-proxy';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { Thread } from '../../../shared/threads';
import type { FakeAnswers, FakeContext, FakeHost } from './fake-api/host';
import { settingsAnswers, OK_OVERVIEW } from './fake-api/settings';
import { threadsAnswers, makeThread, summaryOf } from './fake-api/threads';
import { turnsAnswers } from './fake-api/turns';
import { composerAnswers } from './fake-api/composer';
import { rewindAnswers } from './fake-api/rewind';
import { worktreeAnswers } from './fake-api/worktree';
import { windowAnswers } from './fake-api/window';
import { historyAnswers } from './fake-api/history';
import { projectsAnswers } from './fake-api/projects';
import { boardAnswers } from './fake-api/board';
import { claudeCodeSetupAnswers } from './fake-api/claude-code-setup';
import { usageAnswers } from './fake-api/usage';
import { notifyAnswers } from './fake-api/notify';
import { phoneAnswers } from './fake-api/phone';

export type { FakeCall, FakeHost } from './fake-api/host';
export { makeThread, OK_OVERVIEW, summaryOf };

export function createFakeHost(init: { threads?: Thread[]; host?: AppInfo['host'] } = {}): FakeHost {
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  const calls: FakeHost['calls'] = [];
  let turnSeq = 0;
  const fake: FakeHost = {
    calls,
    callsTo: (name) => calls.filter((c) => c.name === name).map((c) => c.input),
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    threads: init.threads ?? [],
    settings: { ...DEFAULT_SETTINGS, apiKeyStorage: 'encrypted' },
    overview: OK_OVERVIEW,
    appInfo: {
      name: 'Claude Desk',
      version: '0.1.0',
      host: init.host ?? 'electron',
      platform: 'linux',
      dataDir: '/data/desk',
      logFile: '/data/desk/logs/desk.log',
    },
    windowState: {},
    windowStates: {},
    queues: new Map(),
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    handle(name, fn) {
      overrides.set(name as string, fn);
    },
    get api(): DeskApi {
      return api;
    },
  };
  const overrides = new Map<string, (input: unknown) => unknown>();
  const context: FakeContext = { fake, nextTurn: () => ++turnSeq };
  // Keyed by CallName: a call added to the contract without a fake answer is a type error in its feature's file.
  const defaults: FakeAnswers<CallName> = {
    ...settingsAnswers(context),
    ...threadsAnswers(context),
    ...turnsAnswers(context),
    ...composerAnswers(context),
    ...rewindAnswers(context),
    ...worktreeAnswers(context),
    ...windowAnswers(context),
    ...historyAnswers(context),
    ...projectsAnswers(context),
    ...boardAnswers(context),
    ...claudeCodeSetupAnswers(context),
    ...usageAnswers(context),
    ...notifyAnswers(context),
    ...phoneAnswers(context),
  };
  const api = createApiProxy({
    async call(name, input) {
      calls.push({ name, input });
      const fn = overrides.get(name) ?? (defaults[name] as (i: unknown) => unknown);
      return fn(input);
    },
    listen(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  return fake;
}
