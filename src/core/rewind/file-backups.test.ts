import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { FileBackups } from './file-backups';

const temp = useTempDirs('claude-desk-file-backups');

describe('FileBackups', () => {
  it('puts files back as they were, removing one that did not exist', async () => {
    const dir = await temp.make();
    const [kept, added] = [path.join(dir, 'project', 'a.txt'), path.join(dir, 'project', 'new.txt')];
    await fs.mkdir(path.dirname(kept), { recursive: true });
    await fs.writeFile(kept, 'before');
    const backups = new FileBackups(path.join(dir, 'backups'));
    await backups.save('t1', 'r1', [kept, added]);
    await fs.writeFile(kept, 'after');
    await fs.writeFile(added, 'made by Claude');

    expect(await backups.restore('t1', 'r1')).toEqual([kept, added]);
    expect(await fs.readFile(kept, 'utf8')).toBe('before');
    await expect(fs.access(added)).rejects.toThrow();
  });

  it('restores nothing from a manifest that is not its own: a copy named outside the backup is never read', async () => {
    const dir = await temp.make();
    const target = path.join(dir, 'project', 'a.txt');
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, 'now');
    await fs.writeFile(path.join(dir, 'secret'), 'not a backup');
    const backups = new FileBackups(path.join(dir, 'backups'));
    await backups.save('t1', 'r1', [target]);
    const manifest = path.join(dir, 'backups', 't1', 'r1', 'manifest.json');
    await fs.writeFile(manifest, JSON.stringify({ files: [{ path: target, copy: '../../../secret' }] }));

    expect(await backups.restore('t1', 'r1')).toEqual([]);
    expect(await fs.readFile(target, 'utf8')).toBe('now');
    expect(await backups.files('t1', 'r1')).toEqual([]);
  });

  it('removes the empty folders a removed file was made in, and never one that was there before', async () => {
    const dir = await temp.make();
    const project = path.join(dir, 'project');
    await fs.mkdir(path.join(project, 'kept-empty'), { recursive: true });
    const made = path.join(project, 'build', 'out', 'app.js');
    const inKept = path.join(project, 'kept-empty', 'x.txt');
    const backups = new FileBackups(path.join(dir, 'backups'));
    await backups.save('t1', 'r1', [made, inKept]);
    await fs.mkdir(path.dirname(made), { recursive: true });
    await fs.writeFile(made, 'built');
    await fs.writeFile(inKept, 'x');

    await backups.restore('t1', 'r1');
    await expect(fs.access(path.join(project, 'build'))).rejects.toThrow();
    // The folder that existed (empty) before the turn stays.
    expect((await fs.stat(path.join(project, 'kept-empty'))).isDirectory()).toBe(true);
    expect((await fs.stat(project)).isDirectory()).toBe(true);
  });
});
