import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_FILE_LIMIT, readApprovalFile } from './approval-file';

let root: string;
let project: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'approval-file-'));
  project = path.join(root, 'project');
  fs.mkdirSync(project);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file_path: string) => ({
  requestId: 'r',
  toolName: 'Write',
  input: { file_path, content: 'x' },
  suggestions: [],
});

describe('readApprovalFile', () => {
  it('reads a text file of the project as it is now; a new one is missing', async () => {
    fs.writeFileSync(path.join(project, 'README.md'), 'hello\n');
    expect(await readApprovalFile(write(path.join(project, 'README.md')), project)).toEqual({
      state: 'exists',
      content: 'hello\n',
    });
    expect(await readApprovalFile(write(path.join(project, 'new.md')), project)).toEqual({ state: 'missing' });
  });

  it('never reads outside the project folder, through .. or through a link', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'no');
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(project, 'link.txt'));
    expect(await readApprovalFile(write(path.join(project, '..', 'secret.txt')), project)).toEqual({
      state: 'outside',
    });
    expect(await readApprovalFile(write(path.join(project, 'link.txt')), project)).toEqual({ state: 'outside' });
    expect(await readApprovalFile(write('/etc/hosts'), project)).toEqual({ state: 'outside' });
  });

  it('says so for a file too big or not text, and for a tool without a file', async () => {
    fs.writeFileSync(path.join(project, 'big.txt'), 'a'.repeat(APPROVAL_FILE_LIMIT + 1));
    fs.writeFileSync(path.join(project, 'bin.dat'), Buffer.from([1, 0, 2]));
    expect(await readApprovalFile(write(path.join(project, 'big.txt')), project)).toMatchObject({ state: 'too-big' });
    expect(await readApprovalFile(write(path.join(project, 'bin.dat')), project)).toEqual({ state: 'not-text' });
    const bash = { requestId: 'r', toolName: 'Bash', input: { command: 'ls' }, suggestions: [] };
    expect(await readApprovalFile(bash, project)).toEqual({ state: 'gone' });
  });
});
