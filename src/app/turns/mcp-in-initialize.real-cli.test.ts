import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MockApi, startMockAnthropicApi } from '../../../test/fixtures/mock-anthropic-api';
import { type RealCliEnv, realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import type { TurnEvent } from '../../shared/turn-events';
import { type DeskApp, createDeskApp } from '../desk-app';

/**
 * Claude Desk's MCP server handed to Claude Code in the `initialize` request (recorded case 59), through the app with
 * the real CLI: while a turn runs — on a fresh, a kept and a pre-warmed process — no process's command line and no
 * file under the temp folder or the data dir holds the server's token, and the user's own MCP server still joins.
 */
describe.skipIf(process.platform !== 'linux')("Claude Desk's tools handed over in initialize (real CLI)", () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let calls: string;
  const apps: DeskApp[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
    calls = path.join(cli.home, 'tiny-calls.txt');
    const tiny = path.resolve('test/fixtures/tiny-stdio-mcp.mjs');
    const entry = { type: 'stdio', command: process.execPath, args: [tiny], env: { TINY_MCP_CALLS: calls } };
    fs.writeFileSync(path.join(cli.home, '.claude.json'), JSON.stringify({ mcpServers: { 'user-tiny': entry } }));
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.shutdown();
    for (const dir of dirs.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
    mock.setResponder(null);
  });
  afterAll(async () => {
    await mock?.close();
    cli?.cleanup();
  });

  /** What held one of the app's runtime secrets (the MCP token) at one moment of a turn. */
  interface Look {
    cliPids: number[];
    commandLines: string[];
    files: string[];
  }

  function lookForToken(desk: DeskApp, dataDir: string): Look {
    // The token is registered with the app's redactor as the server starts (its registry is private: read here).
    const secrets = (desk.services.redactor as unknown as { secrets: Set<string> }).secrets;
    const tokens = [...secrets].filter((s) => /^[0-9a-f]{64}$/.test(s));
    expect(tokens).toHaveLength(1);
    const holds = (text: string) => tokens.some((t) => text.includes(t));
    const look: Look = { cliPids: [], commandLines: [], files: [] };
    for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
      try {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (cmdline.startsWith(realCliPath()) && cmdline.includes('--await-initialize')) look.cliPids.push(Number(pid));
        if (holds(cmdline)) look.commandLines.push(cmdline);
      } catch {
        // gone, or not ours to read
      }
    }
    const walk = (dir: string, depth: number): void => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const file = path.join(dir, e.name);
        if (e.isDirectory() && depth < 8) walk(file, depth + 1);
        if (!e.isFile()) continue;
        try {
          if (fs.statSync(file).size < 2_000_000 && holds(fs.readFileSync(file, 'utf8'))) look.files.push(file);
        } catch {
          // gone meanwhile, or not readable
        }
      }
    };
    walk(os.tmpdir(), 0);
    walk(dataDir, 0);
    return look;
  }

  async function open(env: Record<string, string>) {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'claude-desk-mcp-init-'));
    dirs.push(dataDir);
    const desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir, ...env },
    });
    apps.push(desk);
    const events: TurnEvent[] = [];
    desk.bus.subscribe((name, payload) => {
      if (name !== 'turnEvent') return;
      const event = payload as TurnEvent;
      events.push(event);
      // The user's server's tool is not allowed outright (Claude Desk's is): its card is allowed once.
      if (event.type === 'approval_request')
        void desk.handlers.answerApproval({
          threadId: event.threadId,
          turnId: event.turnId,
          requestId: event.request.requestId,
          decision: { behavior: 'allow', scope: 'once' },
        });
    });
    const looks: Look[] = [];
    // Each turn: the model calls Claude Desk's tool and the user's; when their results come back (the turn is
    // still running, its CLI alive), look at every command line and file; then the answer.
    mock.setResponder((req) => {
      if (req.toolResults.length > 0) {
        looks.push(lookForToken(desk, dataDir));
        return {
          kind: 'text',
          chunks: [req.toolResults.map((r) => `${r.is_error ? 'ERR' : 'ok'}:${r.content}`).join(' | ')],
        };
      }
      return {
        kind: 'tool_use',
        tools: [
          { id: `toolu_desk_${looks.length}`, name: 'mcp__desk__memory_list', input: {} },
          {
            id: `toolu_user_${looks.length}`,
            name: 'mcp__user-tiny__echo_back',
            input: { text: `turn ${looks.length}` },
          },
        ],
      };
    });
    const send = async (threadId: string, text: string) => {
      const { turnId } = await desk.handlers.sendMessage({ threadId, text });
      await expect
        .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 90_000 })
        .toBe(true);
      return events.filter((e) => e.turnId === turnId);
    };
    return { desk, send, looks };
  }

  const toolResultsOk = (turn: TurnEvent[]) => {
    const result = turn.find((e) => e.type === 'result');
    return result?.type === 'result' ? result.verdict.result : undefined;
  };

  it('fresh and kept: the token is in no command line and no file; both servers answer', async () => {
    const { desk, send, looks } = await open({ CLAUDE_DESK_PREWARM: '0' });
    const thread = await desk.handlers.createThread(undefined);
    const first = await send(thread.id, 'Use the tools');
    const second = await send(thread.id, 'Again');
    expect(first.find((e) => e.type === 'finished')).toMatchObject({ status: 'done' });
    expect(second.find((e) => e.type === 'finished')).toMatchObject({ status: 'done' });
    expect(looks).toHaveLength(2);
    for (const look of looks)
      expect({ commandLines: look.commandLines, files: look.files }).toEqual({ commandLines: [], files: [] });
    // One CLI took the server in initialize, and answered the second turn too: kept for it.
    expect(looks[0]!.cliPids).toHaveLength(1);
    expect(looks[1]!.cliPids).toEqual(looks[0]!.cliPids);
    // Claude Desk's tool and the user's own server both answered, each turn.
    expect(toolResultsOk(first)).toMatch(/^ok:.*\| ok:echo: turn 0$/s);
    expect(toolResultsOk(second)).toMatch(/^ok:.*\| ok:echo: turn 1$/s);
    expect(fs.readFileSync(calls, 'utf8')).toContain('turn 1');
    // Nothing in the turn warned that the tools were not taken.
    expect([...first, ...second].filter((e) => e.type === 'warning')).toEqual([]);
  });

  it('pre-warmed: the waiting process and the turn it answers hold the token nowhere either', async () => {
    const { desk, send, looks } = await open({ CLAUDE_DESK_KEEP: '0' });
    const prewarm = desk.services.prewarm!;
    const thread = await desk.handlers.createThread(undefined);
    await desk.handlers.prepareTurn({ threadId: thread.id });
    await expect.poll(() => prewarm.status(thread.id).pid, { timeout: 30_000 }).toBeDefined();
    // The warm CLI itself (under the wall, its wrapper's child, there once the wrapper has started it).
    await expect.poll(() => lookForToken(desk, desk.layout.root).cliPids.length, { timeout: 30_000 }).toBe(1);
    const waiting = lookForToken(desk, desk.layout.root);
    expect({ commandLines: waiting.commandLines, files: waiting.files }).toEqual({ commandLines: [], files: [] });
    // Initialized as it was started: it connects Claude Desk's server before any message is sent.
    const mcpLog = async () => (await fsp.readFile(desk.layout.logFile, 'utf8').catch(() => '')).match(/mcp POST .*/g);
    await expect
      .poll(mcpLog, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/initialize/)]));

    const turn = await send(thread.id, 'Use the tools');
    expect(prewarm.status().reused).toBe(1);
    expect(turn.find((e) => e.type === 'finished')).toMatchObject({ status: 'done' });
    expect(looks).toHaveLength(1);
    expect(looks[0]!.cliPids).toEqual(waiting.cliPids);
    expect({ commandLines: looks[0]!.commandLines, files: looks[0]!.files }).toEqual({ commandLines: [], files: [] });
    expect(toolResultsOk(turn)).toMatch(/^ok:.*\| ok:echo: turn 0$/s);
  });
});
