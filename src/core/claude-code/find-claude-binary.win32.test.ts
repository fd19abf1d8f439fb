import { describe, expect, it } from 'vitest';
import { memoryLookupFs } from '../../../test/fixtures/cli-fakes/memory-lookup-fs.js';
import { findClaudeBinary, type FindDeps } from './find-claude-binary.js';
import type { LookupFs } from './file-check.js';
import { readLoginShellPath } from './login-shell-path.js';
import type { RunCommand } from './run-command.js';

// Windows layouts, faked in memory so they run on any OS.
const HOME = 'C:\\Users\\ada';
const APPDATA = `${HOME}\\AppData\\Roaming`;
const NPM = `${APPDATA}\\npm`;
const PKG = `${NPM}\\node_modules\\@anthropic-ai\\claude-code`;
const HEAD =
  '@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n';
const EXE_SHIM = `${HEAD}"%dp0%\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*\r\n`;
const NODE_SHIM =
  `${HEAD}\r\nIF EXIST "%dp0%\\node.exe" (\r\n  SET "_prog=%dp0%\\node.exe"\r\n) ELSE (\r\n  SET "_prog=node"\r\n)\r\n` +
  `endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r\n`;

const noProcesses: RunCommand = async (file) => {
  throw new Error(`nothing should be spawned on this path, got ${file}`);
};

function winDeps(env: NodeJS.ProcessEnv, fs: LookupFs): FindDeps {
  const fullEnv = { APPDATA, USERPROFILE: HOME, ...env };
  return {
    env: fullEnv,
    platform: 'win32',
    home: HOME,
    run: noProcesses,
    fs,
    loginShell: () => readLoginShellPath({ env: fullEnv, platform: 'win32', run: noProcesses }),
  };
}

describe('Windows lookup', () => {
  it('resolves the npm claude.cmd on Path to the native exe it runs (a .cmd cannot be spawned directly)', async () => {
    const exe = `${PKG}\\bin\\claude.exe`;
    const fs = memoryLookupFs({
      [`${NPM}\\claude.cmd`]: EXE_SHIM,
      [exe]: 'MZ',
    });
    const r = await findClaudeBinary(winDeps({ Path: `C:\\Windows\\system32;${NPM}` }, fs));
    expect(r.found).toMatchObject({
      path: exe,
      location: `${NPM}\\claude.cmd`,
      source: 'path',
      command: { file: exe, args: [] },
    });
    expect(r.steps.at(-1)).toEqual({
      source: 'path',
      location: `${NPM}\\claude.cmd`,
      result: 'found',
      detail: `shim runs ${exe}`,
    });
  });

  it('runs a node shim as node.exe beside it + cli.js, or node from Path when there is none', async () => {
    const cli = `${PKG}\\cli.js`;
    const withNode = memoryLookupFs({
      [`${NPM}\\claude.cmd`]: NODE_SHIM,
      [cli]: '//',
      [`${NPM}\\node.exe`]: 'MZ',
    });
    const a = await findClaudeBinary(winDeps({ Path: NPM }, withNode));
    expect(a.found?.command).toEqual({ file: `${NPM}\\node.exe`, args: [cli] });
    expect(a.found?.path).toBe(cli);

    const withoutNode = memoryLookupFs({
      [`${NPM}\\claude.cmd`]: NODE_SHIM,
      [cli]: '//',
    });
    const b = await findClaudeBinary(winDeps({ Path: NPM }, withoutNode));
    expect(b.found?.command).toEqual({ file: 'node', args: [cli] });
  });

  it('skips the login shell, then finds the native install under the user profile', async () => {
    const exe = `${HOME}\\.local\\bin\\claude.exe`;
    const fs = memoryLookupFs({ [exe]: 'MZ', [`${NPM}\\claude.cmd`]: EXE_SHIM }, [`${HOME}\\.local\\bin`]);
    const r = await findClaudeBinary(winDeps({ Path: 'C:\\Windows' }, fs));
    expect(r.steps).toContainEqual({
      source: 'login-shell',
      location: '$SHELL -ilc',
      result: 'skipped',
      detail: 'not used on Windows',
    });
    expect(r.found).toMatchObject({
      path: exe,
      source: 'fallback',
      command: { file: exe, args: [] },
    });
    expect(r.found?.pathAdditions.prepend).toEqual([`${HOME}\\.local\\bin`]);
  });

  it('falls back to the %APPDATA%\\npm shim and puts that directory first on the child Path', async () => {
    const exe = `${PKG}\\bin\\claude.exe`;
    const fs = memoryLookupFs({ [`${NPM}\\claude.cmd`]: EXE_SHIM, [exe]: 'MZ' }, [NPM]);
    const r = await findClaudeBinary(winDeps({ Path: 'C:\\Windows' }, fs));
    expect(r.found).toMatchObject({ path: exe, source: 'fallback' });
    expect(r.found?.pathAdditions.prepend).toEqual([NPM]);
    expect(r.steps.map((s) => s.location)).toEqual([
      'C:\\Windows\\claude.exe',
      'C:\\Windows\\claude.cmd',
      '$SHELL -ilc',
      `${HOME}\\.local\\bin\\claude.exe`,
      `${NPM}\\claude.cmd`,
    ]);
  });

  it('reports a shim whose target is gone as unusable, naming the missing file', async () => {
    const fs = memoryLookupFs({ [`${NPM}\\claude.cmd`]: EXE_SHIM });
    const r = await findClaudeBinary(winDeps({ Path: 'C:\\Windows' }, fs));
    expect(r.found).toBeNull();
    expect(r.unusable).toEqual({
      path: `${NPM}\\claude.cmd`,
      reason: `shim points to a missing file: ${PKG}\\bin\\claude.exe`,
    });
  });
});
