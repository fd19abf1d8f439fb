import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openFileSafely } from './open-file';

describe('openFileSafely', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-file-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const deps = () => ({ openPath: vi.fn(async () => ''), revealFile: vi.fn(), platform: 'linux' as const });

  it('opens an ordinary file with the OS app', async () => {
    const file = path.join(dir, 'notes.md');
    fs.writeFileSync(file, '# hi');
    const d = deps();
    await expect(openFileSafely(file, d)).resolves.toBe('opened');
    expect(d.openPath).toHaveBeenCalledWith(file);
  });

  it('only reveals a script or an executable file, never runs it', async () => {
    const script = path.join(dir, 'run.sh');
    fs.writeFileSync(script, 'echo hi');
    const bin = path.join(dir, 'tool');
    fs.writeFileSync(bin, 'x', { mode: 0o755 });
    const d = deps();
    await expect(openFileSafely(script, d)).resolves.toBe('revealed');
    await expect(openFileSafely(bin, d)).resolves.toBe('revealed');
    expect(d.openPath).not.toHaveBeenCalled();
    expect(d.revealFile).toHaveBeenCalledTimes(2);
  });

  it('refuses relative paths, missing files and folders with a sentence', async () => {
    const d = deps();
    await expect(openFileSafely('notes.md', d)).rejects.toThrow('Not a full file path');
    await expect(openFileSafely(path.join(dir, 'gone.txt'), d)).rejects.toThrow('not there');
    await expect(openFileSafely(dir, d)).rejects.toThrow('Not a file');
  });

  it("passes on the OS's refusal", async () => {
    const file = path.join(dir, 'a.txt');
    fs.writeFileSync(file, 'a');
    await expect(openFileSafely(file, { ...deps(), openPath: async () => 'no app' })).rejects.toThrow(
      'Could not open a.txt: no app',
    );
  });
});
