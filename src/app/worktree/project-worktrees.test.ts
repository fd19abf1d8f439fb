import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { scratchRepo } from '../../../test/fixtures/scratch-repo';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { createDeskApp, type DeskApp } from '../desk-app';

const temp = useTempDirs('claude-desk-project-worktrees-');

/**
 * A project's own worktree switch (always / never), through the contract as every front door calls it: remembered
 * per project folder in the data dir, said by describeFolder, and applied when a thread is made there or moved
 * there before its first message — over Settings' default, never over the caller's own choice.
 */
describe("a project's worktree switch", () => {
  let desk: DeskApp;
  let repo: string;
  let other: string;
  let data: string;

  beforeEach(async () => {
    repo = scratchRepo(await temp.make());
    other = scratchRepo(await temp.make());
    data = path.join(await temp.make(), 'data');
    desk = temp.track(
      await createDeskApp({
        host: 'electron',
        env: { CLAUDE_DESK_DATA_DIR: data, CLAUDE_DESK_PREWARM: '0', CLAUDE_DESK_SANDBOX: '0', PATH: process.env.PATH },
      }),
    );
  });

  const made = async (projectDir: string, useWorktree?: boolean) =>
    (
      await desk.handlers.createThread({
        settings: { projectDir, ...(useWorktree !== undefined ? { useWorktree } : {}) },
      })
    ).settings.useWorktree;

  it('Never: new threads of that project work in the folder itself, whatever Settings says; others keep the default', async () => {
    expect(await made(repo)).toBe(true); // Settings' default (on)
    const described = await desk.handlers.setProjectWorktrees({ path: repo, choice: 'never' });
    expect(described.git?.worktrees).toBe('never');
    expect((await desk.handlers.describeFolder({ path: repo })).git?.worktrees).toBe('never');
    expect(await made(repo)).toBe(false);
    expect(await made(other)).toBe(true);
    // The caller's own choice still wins (the picker's per-thread switch, the command line's --worktree).
    expect(await made(repo, true)).toBe(true);
    // A thread moved into the project before its first message takes the project's switch too.
    const t = await desk.handlers.createThread({ title: 'moved' });
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir: repo } });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings.useWorktree).toBe(false);
    // …and moved on to another project before its first message, that one's default (Settings': on).
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir: other } });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings.useWorktree).toBe(true);
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir: repo } });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings.useWorktree).toBe(false);
    // Remembered in the data dir, owner-only.
    const where = path.join(desk.layout.stateDir, 'project-worktrees.json');
    expect(JSON.parse(await fs.readFile(where, 'utf8'))).toEqual({ [repo]: 'never' });
    expect((await fs.stat(where)).mode & 0o777).toBe(0o600);
  });

  it('Always: a worktree even when Settings turned the default off; null goes back to Settings', async () => {
    await desk.handlers.updateSettings({ newThreadWorktree: false });
    await desk.handlers.setProjectWorktrees({ path: other, choice: 'always' });
    expect(await made(other)).toBe(true);
    expect(await made(other, false)).toBe(false);
    await desk.handlers.setProjectWorktrees({ path: other, choice: null });
    expect((await desk.handlers.describeFolder({ path: other })).git?.worktrees).toBeUndefined();
    expect(await made(other)).toBeUndefined();
  });

  it('When Claude first edits: new threads start in the folder, waiting to get their worktree at the first edit', async () => {
    const described = await desk.handlers.setProjectWorktrees({ path: repo, choice: 'first-edit' });
    expect(described.git?.worktrees).toBe('first-edit');
    const t = await desk.handlers.createThread({ settings: { projectDir: repo } });
    expect(t.settings).toMatchObject({ useWorktree: false, worktreeOnEdit: true });
    expect(t.settings.worktree).toBeUndefined();
    // The caller's own choice wins; another project keeps its default.
    expect(
      (await desk.handlers.createThread({ settings: { projectDir: repo, useWorktree: true } })).settings,
    ).not.toHaveProperty('worktreeOnEdit');
    expect((await desk.handlers.createThread({ settings: { projectDir: other } })).settings).toMatchObject({
      useWorktree: true,
    });
    // Moved to another project before its first message: that one's default, and no longer "on first edit".
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir: other } });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings).toMatchObject({
      useWorktree: true,
      worktreeOnEdit: false,
    });
    // The thread's own switch turned on: a worktree on the first turn instead.
    const u = await desk.handlers.createThread({ settings: { projectDir: repo } });
    await desk.handlers.updateThreadSettings({ threadId: u.id, settings: { useWorktree: true } });
    expect((await desk.handlers.getThread({ threadId: u.id }))!.settings).toMatchObject({
      useWorktree: true,
      worktreeOnEdit: false,
    });
    const where = path.join(desk.layout.stateDir, 'project-worktrees.json');
    expect(JSON.parse(await fs.readFile(where, 'utf8'))).toEqual({ [repo]: 'first-edit' });
  });

  it('a folder outside git has no switch: refused with the reason', async () => {
    const plain = await temp.make();
    await expect(desk.handlers.setProjectWorktrees({ path: plain, choice: 'never' })).rejects.toThrow(
      /is not in a git repository: its threads have no worktrees/,
    );
  });

  it('a git project without a commit chosen in the picker is not refused: the default waits for the first turn', async () => {
    const empty = scratchRepo(await temp.make(), {});
    const t = await desk.handlers.createThread({ title: 'empty' });
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { projectDir: empty } });
    expect((await desk.handlers.getThread({ threadId: t.id }))!.settings).toMatchObject({ projectDir: empty });
  });
});
