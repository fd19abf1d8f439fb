import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeskApp, type DeskApp } from '../desk-app';
import { checkProjectDir } from './project-dir';

/**
 * A thread's own settings through the contract: the project folder is checked when it is saved (so a
 * typo shows in the settings dialog, not as a failed turn later), and the desktop-only verbs (folder
 * picker, reveal the log) reach what the host injected. No CLI is spawned here.
 */
describe('thread settings (app layer)', () => {
  let root: string;
  let project: string;
  let desk: DeskApp;
  const chooseFolder = vi.fn(async (_title?: string) => project as string | null);
  const revealFile = vi.fn((_file: string) => undefined);

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-thread-settings-'));
    project = path.join(root, 'my project');
    await fs.mkdir(project);
    await fs.writeFile(path.join(root, 'notes.txt'), 'not a folder');
    desk = await createDeskApp({
      host: 'electron',
      // No OS wall: the strictest project-folder rules apply (see project-dir.ts).
      env: {
        CLAUDE_DESK_DATA_DIR: path.join(root, 'data'),
        CLAUDE_DESK_PREWARM: '0',
        CLAUDE_DESK_SANDBOX: '0',
        PATH: process.env.PATH,
      },
      chooseFolder,
      revealFile,
    });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('refuses a relative, missing or non-folder project path and saves nothing', async () => {
    const t = await desk.handlers.createThread({ title: 'Refused' });
    const update = (projectDir: string) =>
      desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir, model: 'opus' } });
    await expect(update('src/app')).rejects.toThrow(/must be a full path.*"src\/app"/);
    await expect(update(path.join(root, 'missing'))).rejects.toThrow(
      `The project folder ${path.join(root, 'missing')} does not exist.`,
    );
    await expect(update(path.join(root, 'notes.txt'))).rejects.toThrow(/is a file, not a folder/);
    // The app's private state: inside it, or a folder that holds it (Accept edits could rewrite settings).
    await expect(update(desk.layout.threadsDir)).rejects.toThrow(/inside Claude Desk's private data folder/);
    await expect(update(desk.layout.root)).rejects.toThrow(/contains Claude Desk's private data folder/);
    // Nothing of the refused patches was kept — not even the model that came with them.
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings).toEqual({ permissionMode: 'acceptEdits' });
  });

  it('accepts a real folder (normalized), and an empty value goes back to the default workspace', async () => {
    const t = await desk.handlers.createThread({ title: 'Accepted' });
    await desk.handlers.updateThreadSettings({
      threadId: t.id,
      settings: {
        projectDir: `${project}${path.sep}`,
        model: 'claude-code:sonnet@0.2',
        systemPrompt: 'Answer in French.',
      },
    });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings).toEqual({
      projectDir: project,
      model: 'claude-code:sonnet@0.2',
      systemPrompt: 'Answer in French.',
      permissionMode: 'acceptEdits',
    });
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir: '' } });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings).toEqual({
      model: 'claude-code:sonnet@0.2',
      systemPrompt: 'Answer in French.',
      permissionMode: 'acceptEdits',
    });
  });

  it('checks the folder given when a thread is created, too', async () => {
    await expect(desk.handlers.createThread({ settings: { projectDir: 'relative' } })).rejects.toThrow(/full path/);
    const t = await desk.handlers.createThread({ settings: { projectDir: project } });
    expect(t.settings.projectDir).toBe(project);
  });

  it('saving settings reads only the index, not the whole thread log', async () => {
    const t = await desk.handlers.createThread({ title: 'Index only' });
    const get = vi.spyOn(desk.services.threads, 'get');
    try {
      await desk.handlers.updateThreadSettings({
        threadId: t.id,
        settings: { model: 'opus', systemPrompt: 'Be brief.' },
      });
      expect(get).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
    }
    expect(desk.services.threads.summary(t.id)?.settings).toEqual({
      model: 'opus',
      systemPrompt: 'Be brief.',
      permissionMode: 'acceptEdits',
    });
  });

  it('a new thread starts in the mode Settings holds and keeps its own after that', async () => {
    const before = await desk.handlers.createThread({ title: 'Before' });
    expect(before.settings.permissionMode).toBe('acceptEdits');
    await desk.handlers.updateSettings({ permissionMode: 'ask' });
    try {
      const after = await desk.handlers.createThread({ title: 'After' });
      expect(after.settings.permissionMode).toBe('ask');
      // The new default did not reach the thread made before it; the thread's own switch does.
      expect(desk.services.threads.summary(before.id)?.settings.permissionMode).toBe('acceptEdits');
      await desk.handlers.updateThreadSettings({ threadId: before.id, settings: { permissionMode: 'plan' } });
      expect(desk.services.threads.summary(before.id)?.settings.permissionMode).toBe('plan');
      expect(desk.services.settings.get().permissionMode).toBe('ask');
      // A mode chosen when the thread is made wins over the default.
      const chosen = await desk.handlers.createThread({ settings: { permissionMode: 'bypassPermissions' } });
      expect(chosen.settings.permissionMode).toBe('bypassPermissions');
    } finally {
      await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    }
  });

  it('under CLAUDE_DESK_PERMISSION_MODE a thread gets no mode of its own and cannot be switched away', async () => {
    const locked = await createDeskApp({
      host: 'web',
      env: {
        CLAUDE_DESK_DATA_DIR: path.join(root, 'data-locked'),
        CLAUDE_DESK_PREWARM: '0',
        CLAUDE_DESK_PERMISSION_MODE: 'ask',
        PATH: process.env.PATH,
      },
    });
    try {
      const t = await locked.handlers.createThread({ title: 'Locked' });
      expect(t.settings.permissionMode).toBeUndefined();
      await expect(
        locked.handlers.updateThreadSettings({ threadId: t.id, settings: { permissionMode: 'bypassPermissions' } }),
      ).rejects.toThrow(/locked to ask by CLAUDE_DESK_PERMISSION_MODE=ask/);
      expect(locked.services.threads.summary(t.id)?.settings).toEqual({});
    } finally {
      await locked.shutdown();
    }
  });

  it('deleting a thread forgets its Claude Code session too', async () => {
    const t = await desk.handlers.createThread({ title: 'Forget me' });
    const keep = await desk.handlers.createThread({ title: 'Keep me' });
    await desk.services.sessions.set(t.id, '0b6f3c2e-1d4a-4f7b-9c3e-2a1b5d6e7f80');
    await desk.services.sessions.set(keep.id, '1c7a4d3f-2e5b-4a8c-8d4f-3b2c6e7f8091');
    await desk.handlers.deleteThread({ threadId: t.id });
    const onDisk = JSON.parse(await fs.readFile(desk.layout.sessionsFile, 'utf8')) as Record<string, string>;
    expect(onDisk).toEqual({ [keep.id]: '1c7a4d3f-2e5b-4a8c-8d4f-3b2c6e7f8091' });
  });

  it('chooseFolder asks the injected picker; revealLogFile shows the log file', async () => {
    expect(await desk.handlers.chooseFolder({ title: 'Project folder' })).toBe(project);
    expect(chooseFolder).toHaveBeenCalledWith('Project folder');
    chooseFolder.mockResolvedValueOnce(null);
    expect(await desk.handlers.chooseFolder(undefined)).toBeNull();
    await desk.handlers.revealLogFile(undefined);
    expect(revealFile).toHaveBeenCalledWith(desk.layout.logFile);
  });

  it('without a picker (browser mode) both desktop verbs say what to do instead', async () => {
    const web = await createDeskApp({
      host: 'web',
      env: { CLAUDE_DESK_DATA_DIR: path.join(root, 'data-web'), CLAUDE_DESK_PREWARM: '0', PATH: process.env.PATH },
    });
    try {
      await expect(web.handlers.chooseFolder(undefined)).rejects.toThrow(/type the folder path/);
      await expect(web.handlers.revealLogFile(undefined)).rejects.toThrow(web.layout.logFile);
    } finally {
      await web.shutdown();
    }
  });
});

describe('checkProjectDir', () => {
  it('expands a leading ~ to the home folder', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-home-'));
    try {
      await fs.mkdir(path.join(home, 'code'));
      expect(await checkProjectDir('~/code', { home: () => home })).toBe(path.join(home, 'code'));
      expect(await checkProjectDir('  ~  ', { home: () => home })).toBe(home);
      expect(await checkProjectDir('   ')).toBe('');
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });

  it("refuses the app's private state dir, a folder inside it, one containing it, or a symlink to it", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-private-'));
    try {
      const stateDir = path.join(root, 'data', 'state');
      await fs.mkdir(path.join(stateDir, 'threads'), { recursive: true });
      await fs.mkdir(path.join(root, 'data', 'workspace'));
      await fs.symlink(stateDir, path.join(root, 'link'));
      const check = (p: string) => checkProjectDir(p, { stateDir });
      await expect(check(stateDir)).rejects.toThrow(/inside Claude Desk's private data folder/);
      await expect(check(path.join(stateDir, 'threads'))).rejects.toThrow(/inside/);
      await expect(check(path.join(root, 'link'))).rejects.toThrow(/inside/);
      await expect(check(root)).rejects.toThrow(`contains Claude Desk's private data folder (${stateDir})`);
      // Behind an OS wall the state dir is hidden from the CLI: a folder around it (a home folder) is fine.
      expect(await checkProjectDir(root, { stateDir, walled: true })).toBe(root);
      await expect(checkProjectDir(stateDir, { stateDir, walled: true })).rejects.toThrow(/inside/);
      // Beside it is fine: the default workspace lives there.
      expect(await check(path.join(root, 'data', 'workspace'))).toBe(path.join(root, 'data', 'workspace'));
      await fs.mkdir(path.join(root, 'data', 'state-old')); // a name prefix is not containment
      expect(await check(path.join(root, 'data', 'state-old'))).toBe(path.join(root, 'data', 'state-old'));
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
