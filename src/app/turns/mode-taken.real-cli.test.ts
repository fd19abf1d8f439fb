import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import type { Events } from '../../shared/contract';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * A Claude Code started in a mode one of its settings overrides: `permissions.disableBypassPermissionsMode: "disable"`
 * in the user's settings turns `--permission-mode bypassPermissions` into `default` (its init line says so; exit 0,
 * nothing on stderr — seen with the pinned CLI against the mock). The thread takes the mode Claude Code took, says why,
 * and its next turn starts in it.
 */
describe('the mode Claude Code took at start (real CLI, mock API)', () => {
  let mock: MockApi;
  let desk: DeskApp;
  let dataDir: string;
  let cleanup: () => void;
  const events: TurnEvent[] = [];
  const notices: Events['notice'][] = [];
  const changed: string[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    const cli = realCliEnv(mock, { extra: { IS_SANDBOX: '1' } }); // full access as root
    cleanup = cli.cleanup;
    const claudeDir = path.join(cli.env['HOME']!, '.claude');
    await fs.mkdir(claudeDir, { recursive: true });
    await fs.writeFile(
      path.join(claudeDir, 'settings.json'),
      JSON.stringify({ permissions: { disableBypassPermissionsMode: 'disable' } }),
    );
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-mode-taken-'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_PREWARM: '0' },
    });
    desk.bus.subscribe((name, payload) => {
      if (name === 'turnEvent') events.push(payload as TurnEvent);
      if (name === 'notice') notices.push(payload as Events['notice']);
      if (name === 'threadsChanged') changed.push((payload as Events['threadsChanged']).threadId ?? '');
    });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cleanup?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const of = (turnId: string, type: TurnEvent['type']) => events.filter((e) => e.turnId === turnId && e.type === type);
  const finished = (turnId: string) => expect.poll(() => of(turnId, 'finished').length, { timeout: 60_000 }).toBe(1);

  it('a thread in Full access whose Claude Code starts in its default mode is shown and kept in Ask, with why', async () => {
    const thread = await desk.handlers.createThread({ settings: { permissionMode: 'bypassPermissions' } });
    expect(thread.settings.permissionMode).toBe('bypassPermissions');
    const first = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Hello' });
    await finished(first.turnId);
    expect(of(first.turnId, 'init')[0]).toMatchObject({ permissionMode: 'default' });
    expect(notices).toContainEqual({
      level: 'warning',
      message: expect.stringMatching(/^Claude Code started in Ask mode, not Full access: .*This thread is now in Ask/),
    });
    await expect
      .poll(async () => (await desk.handlers.getThread({ threadId: thread.id }))?.settings.permissionMode)
      .toBe('ask');
    expect(changed).toContain(thread.id); // every window reloads the thread list
    // The next turn starts in the mode shown: no second notice.
    const count = notices.length;
    const next = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Again' });
    await finished(next.turnId);
    expect(of(next.turnId, 'finished')[0]).toMatchObject({ status: 'done' });
    expect(notices.slice(count).filter((n) => /started in/.test(n.message))).toEqual([]);
  });

  it('a mode switched on a kept process between turns stays: its next init line names the mode switched to', async () => {
    // Ask and Plan differ only in --permission-mode: the kept process is switched live (set_permission_mode).
    const thread = await desk.handlers.createThread({ settings: { permissionMode: 'ask' } });
    const first = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Hello' });
    await finished(first.turnId);
    const count = notices.length;
    await desk.handlers.updateThreadSettings({ threadId: thread.id, settings: { permissionMode: 'plan' } });
    const next = await desk.handlers.sendMessage({ threadId: thread.id, text: 'Again' });
    await finished(next.turnId);
    expect(of(next.turnId, 'init')[0]).toMatchObject({ permissionMode: 'plan' });
    expect(notices.slice(count).filter((n) => /started in/.test(n.message))).toEqual([]);
    expect((await desk.handlers.getThread({ threadId: thread.id }))?.settings.permissionMode).toBe('plan');
  });
});
