/**
 * The desk MCP server driven by the REAL claude CLI against the mock Messages API: the model saves a memory,
 * recalls it, and the recall result reaches the next API request. Shape expectations follow recorded case 05.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { createMemoryStore, type MemoryStore } from '../store/memory-store';
import { startDeskMcpServer, type DeskMcpServer } from './desk-mcp-server';
import { createScratchDir } from '../turn/turn-scratch-dir';
import type { ThreadsReader } from './threads-reader';
import type { ToolPolicy } from '../../shared/settings';
import { HEADLESS_STREAM_JSON_ARGS } from '../claude-code-wire/headless-args';

const noThreads: ThreadsReader = { list: async () => [], read: async () => undefined, search: async () => [] };

/** Every readable process command line on this machine that contains `needle` (Linux /proc). */
function commandLinesContaining(needle: string): string[] {
  const hits: string[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(needle)) hits.push(`${pid}: ${cmdline}`);
    } catch {
      // process exited or not ours to read
    }
  }
  return hits;
}

let dir: string;
let mock: MockApi;
let desk: DeskMcpServer;
let cli: RealCliEnv;
let child: ChildProcess | undefined;
let memory: MemoryStore;
let policy: ToolPolicy = 'all';
const cmdlineChecks: { cliCmdline: string; tokenHits: string[] }[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-mcp-cli-'));
  mock = await startMockAnthropicApi();
  const store = createMemoryStore({ file: path.join(dir, 'state', 'memory.json') });
  // Look at every command line while the CLI is mid-turn (inside its first MCP tool call).
  memory = {
    ...store,
    learn: async (content, tags) => {
      cmdlineChecks.push({
        cliCmdline: child?.pid ? readFileSync(`/proc/${child.pid}/cmdline`, 'utf8') : '',
        tokenHits: commandLinesContaining(desk.token),
      });
      return store.learn(content, tags);
    },
  };
  desk = await startDeskMcpServer({ memory, threads: noThreads, policy: () => policy });
  cli = realCliEnv(mock);
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await desk?.close();
  await mock?.close();
  cli?.cleanup();
  await fs.rm(dir, { recursive: true, force: true });
});

// Raw CLI lines; the assertions check their shape (tests may use any, see eslint.config.js).
type CliLine = Record<string, any>;

/** One turn of the real CLI with the desk server configured the way the turn engine will (0600 file, strict). */
async function runTurn(
  text: string,
): Promise<{ exitCode: number | null; stderr: string; lines: CliLine[]; configFile: string }> {
  const configFile = (await createScratchDir({ mcp: desk, tmpRoot: dir })).mcpConfigPath!;
  const cwd = await fs.mkdtemp(path.join(dir, 'cwd-'));
  const args = [
    ...HEADLESS_STREAM_JSON_ARGS,
    '--mcp-config',
    configFile,
    '--strict-mcp-config',
    '--allowedTools',
    'mcp__desk',
    '--session-id',
    randomUUID(),
  ];
  const proc = spawn(realCliPath(), args, { cwd, env: cli.env, stdio: ['pipe', 'pipe', 'pipe'] });
  child = proc;
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const userLine = {
    type: 'user',
    message: { role: 'user', content: [{ type: 'text', text }] },
    parent_tool_use_id: null,
    session_id: '',
  };
  proc.stdin.end(`${JSON.stringify(userLine)}\n`);
  const exitCode = await new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CliLine);
  return { exitCode, stderr, lines, configFile };
}

function toolResultsOf(lines: CliLine[]): { tool_use_id: string; is_error?: boolean; content: unknown }[] {
  return lines
    .filter((l) => l.type === 'user')
    .flatMap((l) => (Array.isArray(l.message?.content) ? l.message.content : []))
    .filter((b: { type?: string }) => b.type === 'tool_result');
}

describe.skipIf(process.platform !== 'linux')('desk MCP through the real CLI', () => {
  it('learns and recalls a memory; the recall result reaches the next API request; no token on any command line', async () => {
    mock.setResponder((req) => {
      const answered = new Set(req.toolResults.map((r) => r.tool_use_id));
      if (answered.has('toolu_recall')) return { kind: 'text', chunks: ['Your favourite colour is teal.'] };
      if (answered.has('toolu_learn')) {
        return {
          kind: 'tool_use',
          tools: [{ id: 'toolu_recall', name: 'mcp__desk__memory_recall', input: { query: 'favourite colour' } }],
        };
      }
      return {
        kind: 'tool_use',
        text: "I'll remember that.",
        tools: [
          {
            id: 'toolu_learn',
            name: 'mcp__desk__memory_learn',
            input: { content: "The user's favourite colour is teal", tags: ['prefs'] },
          },
        ],
      };
    });

    const { exitCode, stderr, lines, configFile } = await runTurn('Remember that my favourite colour is teal.');
    expect(exitCode, stderr).toBe(0);

    // init: the desk server is connected and its tools are visible under mcp__desk__ (recorded case 05).
    const init = lines.find((l) => l.type === 'system' && l.subtype === 'init');
    expect(init?.mcp_servers).toContainEqual(expect.objectContaining({ name: 'desk', status: 'connected' }));
    expect(init?.tools).toEqual(expect.arrayContaining(['mcp__desk__memory_learn', 'mcp__desk__memory_recall']));

    // The memory is stored, in the data file.
    const saved = await memory.recall('favourite colour');
    expect(saved[0]?.memory).toMatchObject({ content: "The user's favourite colour is teal", tags: ['prefs'] });

    // Both tool calls ran and came back as (non-error) tool results in the stream.
    const toolResults = toolResultsOf(lines);
    expect(toolResults.map((b) => b.tool_use_id)).toEqual(['toolu_learn', 'toolu_recall']);
    expect(toolResults.every((b) => b.is_error !== true)).toBe(true);

    // The recall's result reached the third API request.
    expect(mock.requests).toHaveLength(3);
    const recallResult = mock.requests[2]!.toolResults.find((r) => r.tool_use_id === 'toolu_recall');
    expect(recallResult?.is_error).toBe(false);
    expect(recallResult?.content).toContain("The user's favourite colour is teal");

    const result = lines.find((l) => l.type === 'result');
    expect(result).toMatchObject({ is_error: false, result: 'Your favourite colour is teal.' });

    // The token stayed out of every command line, the CLI's included (it only names the 0600 file).
    expect(cmdlineChecks).toHaveLength(1);
    expect(cmdlineChecks[0]!.cliCmdline).toContain(configFile);
    expect(cmdlineChecks[0]!.tokenHits).toEqual([]);
  });

  it('relays a read-only refusal as a tool error the model sees, and the turn still succeeds', async () => {
    policy = 'read-only';
    const before = mock.requests.length;
    mock.setResponder((req) =>
      req.toolResults.length > 0
        ? { kind: 'text', chunks: ['Tool said: ', req.toolResults[0]!.content] }
        : {
            kind: 'tool_use',
            tools: [{ id: 'toolu_ro', name: 'mcp__desk__memory_learn', input: { content: 'The user owns a cat' } }],
          },
    );
    const { exitCode, stderr, lines } = await runTurn('Remember that I own a cat.');
    expect(exitCode, stderr).toBe(0);
    expect(toolResultsOf(lines)).toEqual([expect.objectContaining({ tool_use_id: 'toolu_ro', is_error: true })]);
    const relayed = mock.requests.slice(before).at(-1)!.toolResults[0];
    expect(relayed).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/^Claude Desk is set to read-only tools/),
    });
    expect(await memory.recall('cat')).toEqual([]);
    expect(lines.find((l) => l.type === 'result')).toMatchObject({ is_error: false });
  });
});
