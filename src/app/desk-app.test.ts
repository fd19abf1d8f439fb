import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMockAnthropicApi, type MockApi } from '../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, realCliVersion } from '../../test/fixtures/real-cli';
import type { TurnEvent } from '../shared/turn-events';
import { createDeskApp, type DeskApp } from './desk-app';

/**
 * The composition root end to end: the real CLI against the mock API, through the same handlers every
 * front door calls. What a user would notice: the answer streams once, is saved in the thread, the
 * second turn remembers the first, and the app's memory tools work through the CLI.
 */
describe('Claude Desk app (real CLI, mock API)', () => {
  let mock: MockApi;
  let desk: DeskApp;
  let dataDir: string;
  let cleanup: () => void;
  const events: TurnEvent[] = [];
  const notes: [string, string][] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    const cli = realCliEnv(mock);
    cleanup = cli.cleanup;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-app-'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
      notify: (title, body) => notes.push([title, body]),
    });
    desk.bus.subscribe((name, payload) => {
      if (name === 'turnEvent') events.push(payload as TurnEvent);
    });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cleanup?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const finished = (turnId: string) =>
    expect
      .poll(() => events.find((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 60_000 })
      .toBeTruthy();

  it('reports the CLI as ok with its version', async () => {
    const status = await desk.handlers.getCliStatus({ force: true });
    expect(status.cli).toMatchObject({ status: 'ok', version: realCliVersion(), source: 'override' });
    expect(status.auth.method).toBe('env_api_key');
  });

  it('streams a turn once, saves it, and resumes the session on the next turn', async () => {
    const thread = await desk.handlers.createThread(undefined);
    // The sender names its message (the renderer's optimistic bubble); the host stores it under that id.
    const first = await desk.handlers.sendMessage({ threadId: thread.id, messageId: 'msg-hi-1', text: 'Hi there' });
    expect(first.messageId).toBe('msg-hi-1');
    await finished(first.turnId);
    const deltas = events.filter((e) => e.turnId === first.turnId && e.type === 'text_delta');
    expect(deltas.map((e) => (e as { text: string }).text).join('')).toBe('Hello from the mock API.');
    expect(events.some((e) => e.turnId === first.turnId && e.type === 'text')).toBe(false);
    // The system notification a window in the background shows (the desktop app's host sends it).
    expect(notes).toContainEqual([expect.any(String), 'Claude finished answering.']);

    const saved = await desk.handlers.getThread({ threadId: thread.id });
    // "Hi there" is a greeting: the title keeps the user's own words, and an answer without a heading of its own
    // does not rename it (core/store/auto-title.ts).
    expect(saved!.title).toBe('Hi there');
    const answer = saved!.messages.find((m) => m.id === first.turnId);
    expect(answer).toMatchObject({
      role: 'assistant',
      status: 'done',
      parts: [{ kind: 'text', text: 'Hello from the mock API.' }],
    });
    expect(saved!.totals.turns).toBe(1);
    expect(saved!.messages[0]).toMatchObject({ id: 'msg-hi-1', role: 'user', text: 'Hi there' });
    // The same id twice is the same message: refused, and nothing is added.
    await expect(
      desk.handlers.sendMessage({ threadId: thread.id, messageId: 'msg-hi-1', text: 'Hi there' }),
    ).rejects.toThrow(/already sent/);
    expect((await desk.handlers.getThread({ threadId: thread.id }))!.messages).toHaveLength(2);

    // The sender may name the answer too (the page shows its place at Enter): its events and saved message use it.
    const chosen = '0b7c6f0e-2f55-4a57-9a43-6d1f3c2f1b11';
    const second = await desk.handlers.sendMessage({ threadId: thread.id, turnId: chosen, text: 'And again' });
    expect(second.turnId).toBe(chosen);
    await finished(chosen);
    expect(events.some((e) => e.turnId === chosen && e.type === 'text_delta')).toBe(true);
    // An answer's id used once is not taken again.
    await expect(desk.handlers.sendMessage({ threadId: thread.id, turnId: chosen, text: 'Once more' })).rejects.toThrow(
      /already sent/,
    );
    const last = mock.requests.at(-1)!;
    expect(JSON.stringify(last.body.messages)).toContain('Hi there');
    expect((await desk.handlers.getThread({ threadId: thread.id }))!.messages).toHaveLength(4);
  });

  it('lets the model use the app memory tools and shows the tool calls', async () => {
    let step = 0;
    mock.setResponder((req) => {
      if (!req.lastUserText.includes('remember teal') && step === 0) return undefined;
      step++;
      if (step === 1)
        return {
          kind: 'tool_use',
          tools: [{ name: 'mcp__desk__memory_learn', input: { content: 'Favourite colour: teal', tags: ['prefs'] } }],
        };
      if (step === 2)
        return {
          kind: 'tool_use',
          tools: [{ name: 'mcp__desk__memory_recall', input: { query: 'favourite colour' } }],
        };
      return { kind: 'text', chunks: ['Noted: teal.'] };
    });
    const thread = await desk.handlers.createThread({ title: 'Memory' });
    const turn = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Please remember teal' });
    await finished(turn.turnId);
    mock.setResponder(null);
    const calls = events
      .filter((e) => e.turnId === turn.turnId && e.type === 'tool_call')
      .map((e) => (e as { name: string }).name);
    expect(calls).toEqual(['mcp__desk__memory_learn', 'mcp__desk__memory_recall']);
    const memories = await desk.handlers.listMemories({ query: 'colour' });
    expect(memories.items[0]!.content).toBe('Favourite colour: teal');
    const saved = await desk.handlers.getThread({ threadId: thread.id });
    const parts = (saved!.messages.at(-1) as { parts: { kind: string; result?: string }[] }).parts.filter(
      (p) => p.kind === 'tool',
    );
    expect(parts).toHaveLength(2);
    expect(parts[1]!.result).toContain('teal');
  });

  it("uses the default model from Settings for a thread without one, and the thread's own model over it", async () => {
    await desk.handlers.updateSettings({ defaultModel: 'claude-default-from-settings' });
    const plain = await desk.handlers.createThread({ title: 'Default model' });
    const a = await desk.handlers.sendMessage({ threadId: plain.id, text: 'Which model?' });
    await finished(a.turnId);
    expect(mock.requests.at(-1)!.model).toBe('claude-default-from-settings');

    const own = await desk.handlers.createThread({
      title: 'Own model',
      settings: { model: 'claude-code:claude-own-model@0.3' },
    });
    const b = await desk.handlers.sendMessage({ threadId: own.id, text: 'And this one?' });
    await finished(b.turnId);
    expect(mock.requests.at(-1)!.model).toBe('claude-own-model');
    await desk.handlers.updateSettings({ defaultModel: '' });
  });

  it('a thread deleted while it answers does not take the app down', async () => {
    const thread = await desk.handlers.createThread({ title: 'Doomed' });
    const turn = await desk.handlers.sendMessage({ threadId: thread.id, text: 'SCENARIO:slow go' });
    await expect
      .poll(() => events.some((e) => e.turnId === turn.turnId && e.type === 'text_delta'), { timeout: 30_000 })
      .toBe(true);
    await desk.handlers.deleteThread({ threadId: thread.id });
    await finished(turn.turnId);
    expect((await desk.handlers.listThreads(undefined)).some((t) => t.id === thread.id)).toBe(false);
  });

  it('a turn that cannot resume its session gets the earlier messages of the thread as context, and only those', async () => {
    const thread = await desk.handlers.createThread(undefined);
    const first = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Remember the word PELICAN' });
    await finished(first.turnId);
    // The session is gone (a CLI that lost it, a reset): the next turn starts a new one, told what came before.
    await desk.services.sessions.delete(thread.id);
    const second = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Which word was it?' });
    await finished(second.turnId);
    const last = mock.requests[mock.requests.length - 1]!.lastUserText;
    expect(last).toContain('<conversation-history>');
    expect(last).toContain('Remember the word PELICAN');
    // The message being sent is the message, not part of its own history.
    expect(last.split('Which word was it?')).toHaveLength(2);
  });

  it('keeps threads across a restart of the host', async () => {
    const before = await desk.handlers.listThreads(undefined);
    const again = await createDeskApp({ host: 'web', env: { CLAUDE_DESK_DATA_DIR: dataDir, PATH: process.env.PATH } });
    try {
      expect((await again.handlers.listThreads(undefined)).map((t) => t.id)).toEqual(before.map((t) => t.id));
    } finally {
      await again.shutdown();
    }
  });

  it('a clean shutdown leaves nothing of its own behind: no lock, no spare lock file, no running-turns journal', async () => {
    const locksDir = path.join(desk.layout.stateDir, 'thread-locks');
    const journalDir = path.join(desk.layout.stateDir, 'running-turns');
    const thread = await desk.handlers.createThread(undefined);
    const turn = await desk.handlers.sendMessage({ threadId: thread.id, text: 'One more before closing' });
    await finished(turn.turnId);
    await expect.poll(async () => (await fs.readdir(locksDir)).some((f) => f.endsWith('.spare'))).toBe(true);
    expect(await fs.readdir(journalDir)).toHaveLength(1);
    await desk.shutdown();
    const left = await fs.readdir(locksDir);
    expect(left.filter((f) => !f.endsWith('.last'))).toEqual([]);
    expect(left.length).toBeGreaterThan(0); // the threads' last-turn markers stay: they are the threads' record
    expect(await fs.readdir(journalDir)).toEqual([]);
  });
});
