import { describe, expect, it } from 'vitest';
import { parseCmdShim } from './cmd-shim.js';

const DIR = 'C:\\Users\\ada\\AppData\\Roaming\\npm';
const HEAD =
  '@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n';

// What npm's cmd-shim writes for claude-code 2.x, whose bin is a native `bin/claude.exe` (no shebang).
const NPM_EXE_SHIM = `${HEAD}"%dp0%\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*\r\n`;

// npm ≥ 7 for a `#!/usr/bin/env node` bin (claude-code 1.x shipped cli.js).
const NPM_NODE_SHIM =
  `${HEAD}\r\nIF EXIST "%dp0%\\node.exe" (\r\n  SET "_prog=%dp0%\\node.exe"\r\n) ELSE (\r\n  SET "_prog=node"\r\n` +
  `  SET PATHEXT=%PATHEXT:;.JS;=;%\r\n)\r\n\r\nendLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & ` +
  `"%_prog%"  "%dp0%\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r\n`;

// npm 6.
const NPM6_SHIM =
  '@IF EXIST "%~dp0\\node.exe" (\r\n  "%~dp0\\node.exe"  "%~dp0\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r\n' +
  ') ELSE (\r\n  @SETLOCAL\r\n  @SET PATHEXT=%PATHEXT:;.JS;=;%\r\n  node  "%~dp0\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r\n)';

describe('parseCmdShim', () => {
  it('resolves a shim for a native exe to the exe itself, no interpreter', () => {
    expect(parseCmdShim(NPM_EXE_SHIM, DIR)).toEqual({
      target: `${DIR}\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe`,
      interpreters: [],
    });
  });

  it('resolves an npm ≥ 7 node shim to cli.js run by node.exe beside the shim, else node on PATH', () => {
    expect(parseCmdShim(NPM_NODE_SHIM, DIR)).toEqual({
      target: `${DIR}\\node_modules\\@anthropic-ai\\claude-code\\cli.js`,
      interpreters: [`${DIR}\\node.exe`, 'node'],
    });
  });

  it('resolves an npm 6 shim the same way', () => {
    expect(parseCmdShim(NPM6_SHIM, DIR)).toEqual({
      target: `${DIR}\\node_modules\\@anthropic-ai\\claude-code\\cli.js`,
      interpreters: [`${DIR}\\node.exe`, 'node'],
    });
  });

  it('returns null for batch files that are not shims', () => {
    expect(parseCmdShim('@echo off\r\necho hello\r\n', DIR)).toBeNull();
    expect(parseCmdShim('@echo off\r\nnode %*\r\n', DIR)).toBeNull();
  });

  it('accepts a wrapper naming an absolute target', () => {
    expect(parseCmdShim('@echo off\r\n"C:\\Tools\\claude.exe" %*\r\n', DIR)).toEqual({
      target: 'C:\\Tools\\claude.exe',
      interpreters: [],
    });
  });
});
