import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import type { AssistantMessage } from '../../shared/threads';
import { newAssistantMessage } from '../../shared/turn-reducer';
import { createDeskApp, type DeskApp } from '../desk-app';

/** A pid that surely belonged to a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid as number;
}

const temp = useTempDirs('claude-desk-recovery');

/** Its own temp root: the stale scratch dir below must not be swept into (or by) other tests' runs. */
const tmpRootOf = (dataDir: string): string => `${dataDir}-tmp`;

async function open(dataDir: string): Promise<DeskApp> {
  await fs.mkdir(tmpRootOf(dataDir), { recursive: true });
  temp.remove(tmpRootOf(dataDir));
  const desk = await createDeskApp({
    host: 'web',
    env: { PATH: process.env.PATH, CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_SANDBOX: '0' },
    tmpRoot: tmpRootOf(dataDir),
  });
  return temp.track(desk);
}

describe('starting after trouble', () => {
  it('folders where state files should be: the app starts, moves them aside and tells the user', async () => {
    const dataDir = await temp.make();
    const state = path.join(dataDir, 'state');
    for (const p of ['claude_code_settings.json', 'claude-code-sessions.json', 'threads/index.json']) {
      await fs.mkdir(path.join(state, p), { recursive: true });
    }
    const desk = await open(dataDir);
    const { settings, sessions, threads } = desk.services;
    expect(settings.get().permissionMode).toBeDefined();
    // The sessions map used to fail every turn with EISDIR.
    await expect(sessions.get('any-thread')).resolves.toBeUndefined();
    await sessions.set('t1', '0b8f2d62-1f4e-4c1e-9a55-4f1a3d0c2b7e');
    await expect(threads.create({ title: 'still works' })).resolves.toMatchObject({ title: 'still works' });
    await expect(settings.update({ permissionMode: 'ask' })).resolves.toMatchObject({ permissionMode: 'ask' });

    const warnings = desk.services.appInfo().warnings ?? [];
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^claude_code_settings\.json could not be read \(EISDIR\) and has been moved aside to claude_code_settings\.json\.unreadable-\d+/,
        ),
        expect.stringMatching(/^index\.json could not be read \(EISDIR\)/),
      ]),
    );
    // The sessions file is read on first use: its warning arrives then, as a notice to open windows.
    const names = await fs.readdir(state);
    expect(names.some((n) => n.startsWith('claude-code-sessions.json.unreadable-'))).toBe(true);
  });

  it('a turn that was running when the app died is marked interrupted with Retry, and its scratch dir is removed', async () => {
    const dataDir = await temp.make();
    const first = await open(dataDir);
    const thread = await first.services.threads.create({ title: 'crashed' });
    const turnId = 'turn-running-at-crash';
    const running: AssistantMessage = {
      ...newAssistantMessage(turnId, Date.now()),
      status: 'running',
      parts: [{ kind: 'text', text: 'Half an ans' }],
    };
    await first.services.threads.saveAssistant(thread.id, running);
    await first.services.threads.flush();
    temp.untrack(first);
    await first.shutdown();
    // What a SIGKILLed instance leaves: its turn marker, and a scratch dir holding the MCP token.
    const pid = deadPid();
    const markers = path.join(dataDir, 'state', 'running-turns');
    await fs.mkdir(markers, { recursive: true });
    await fs.writeFile(path.join(markers, `${turnId}.json`), JSON.stringify({ threadId: thread.id, turnId, pid }));
    const scratch = path.join(tmpRootOf(dataDir), `claude-desk-turn-${pid}-stale1`);
    await fs.mkdir(scratch, { recursive: true });
    await fs.writeFile(path.join(scratch, 'mcp-config.json'), '{"token":"secret"}');

    const second = await open(dataDir);
    const reopened = await second.services.threads.get(thread.id);
    const message = reopened?.messages.find((m) => m.id === turnId) as AssistantMessage;
    expect(message.status).toBe('failed');
    expect(message.error).toMatchObject({
      kind: 'interrupted',
      message: 'Claude Desk closed while this turn was running.',
    });
    expect(message.parts).toEqual(running.parts); // what was shown is kept
    expect(await fs.readdir(markers)).toEqual([]);
    await expect
      .poll(() =>
        fs.access(scratch).then(
          () => 'there',
          () => 'gone',
        ),
      )
      .toBe('gone');
  });
});
