import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolPolicy } from '../../shared/settings';
import type { Thread } from '../../shared/threads';
import { createMemoryStore, type MemoryStore } from '../store/memory-store';
import { startDeskMcpServer, type DeskMcpServer } from './desk-mcp-server';
import type { ThreadsReader } from './threads-reader';

const THREAD: Thread = {
  id: 'thr_1',
  title: 'Trip to Lisbon',
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 2),
  settings: {},
  totals: { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0, turns: 1 },
  messages: [
    { id: 'u1', role: 'user', createdAt: Date.UTC(2026, 0, 1), text: 'Plan a day in Lisbon' },
    {
      id: 'a1',
      role: 'assistant',
      createdAt: Date.UTC(2026, 0, 1),
      status: 'done',
      parts: [
        { kind: 'text', text: 'Start at Belém for pastéis.' },
        { kind: 'tool', toolUseId: 't1', name: 'WebSearch', input: {} },
      ],
    },
  ],
};

const fakeThreads: ThreadsReader = {
  list: async (limit) => [THREAD].slice(0, limit),
  read: async (id, limit) => (id === THREAD.id ? { ...THREAD, messages: THREAD.messages.slice(-limit) } : undefined),
  search: async (query) =>
    query.toLowerCase().includes('lisbon') ? [{ thread: THREAD, snippet: '…a day in Lisbon…' }] : [],
};

let dir: string;
let memory: MemoryStore;
let policy: ToolPolicy = 'all';
let server: DeskMcpServer;
const logLines: string[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-mcp-'));
  memory = createMemoryStore({ file: path.join(dir, 'memory.json') });
  server = await startDeskMcpServer({
    memory,
    threads: fakeThreads,
    policy: () => policy,
    log: (l) => logLines.push(l),
  });
});

afterEach(async () => {
  policy = 'all';
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function connect(token = server.token): Promise<Client> {
  const client = new Client({ name: 'desk-test', version: '1.0.0' });
  clients.push(client);
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  return { isError: result.isError === true, text };
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw HTTP so tests can set Host/Origin and oversized bodies the SDK client would never send. */
function raw(opts: {
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  chunked?: boolean;
}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: opts.path ?? '/mcp',
        method: opts.method ?? 'POST',
        headers: {
          Authorization: `Bearer ${server.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (opts.chunked && opts.body) {
      const body = Buffer.from(opts.body);
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    } else {
      req.end(opts.body);
    }
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('desk MCP server', () => {
  it('binds loopback with a fresh 256-bit token per start', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    const other = await startDeskMcpServer({ memory, threads: fakeThreads, policy: () => policy });
    await other.close();
    expect(other.token).not.toBe(server.token);
  });

  it('lists every tool with its annotations', async () => {
    const { tools } = await (await connect()).listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual([
      'core_list_tools',
      'core_tool_instructions',
      'memory_fetch',
      'memory_forget',
      'memory_learn',
      'memory_list',
      'memory_recall',
      'threads_list',
      'threads_read',
      'threads_search',
    ]);
    for (const name of [
      'memory_recall',
      'memory_fetch',
      'memory_list',
      'threads_list',
      'threads_read',
      'threads_search',
    ]) {
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    expect(byName.get('memory_learn')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('memory_forget')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('memory_recall')?.inputSchema).toMatchObject({ required: ['query'] });
    expect(byName.get('memory_recall')?.description).toMatch(/keywords/);
  });

  it('runs every tool end to end', async () => {
    const c = await connect();
    const learned = await call(c, 'memory_learn', { content: "The user's favourite colour is teal", tags: ['prefs'] });
    expect(learned.isError).toBe(false);
    const id = (JSON.parse(learned.text) as { saved: { id: string } }).saved.id;
    await call(c, 'memory_learn', { content: 'The user lives in Porto' });

    const recalled = await call(c, 'memory_recall', { query: 'favourite colours' });
    expect(JSON.parse(recalled.text).results[0]).toMatchObject({ id, content: "The user's favourite colour is teal" });
    expect(JSON.parse((await call(c, 'memory_fetch', { id })).text)).toMatchObject({ id, tags: ['prefs'] });
    const page = JSON.parse((await call(c, 'memory_list', { limit: 1 })).text);
    expect(page.items.map((m: { content: string }) => m.content)).toEqual(['The user lives in Porto']);
    const page2 = JSON.parse((await call(c, 'memory_list', { limit: 1, cursor: page.next_cursor })).text);
    expect(page2.items[0].id).toBe(id);
    expect(JSON.parse((await call(c, 'memory_list', { tag: 'prefs' })).text).items).toHaveLength(1);

    expect(await call(c, 'memory_forget', { id })).toMatchObject({ isError: false });
    expect(await memory.fetch(id)).toBeUndefined();
    const again = await call(c, 'memory_forget', { id });
    expect(again).toMatchObject({ isError: true, text: expect.stringMatching(/No memory with id/) });
    expect(await call(c, 'memory_fetch', { id })).toMatchObject({ isError: true });

    expect(JSON.parse((await call(c, 'threads_list')).text).threads[0]).toMatchObject({
      thread_id: 'thr_1',
      title: 'Trip to Lisbon',
    });
    const read = JSON.parse((await call(c, 'threads_read', { thread_id: 'thr_1' })).text);
    expect(read.messages).toEqual([
      expect.objectContaining({ role: 'user', text: 'Plan a day in Lisbon' }),
      expect.objectContaining({ role: 'assistant', text: 'Start at Belém for pastéis.', tools_used: ['WebSearch'] }),
    ]);
    expect(await call(c, 'threads_read', { thread_id: 'nope' })).toMatchObject({ isError: true });
    expect(JSON.parse((await call(c, 'threads_search', { query: 'lisbon' })).text).results[0].snippet).toContain(
      'Lisbon',
    );

    const listed = JSON.parse((await call(c, 'core_list_tools')).text);
    expect(listed.tools).toHaveLength(10);
    expect((await call(c, 'core_tool_instructions')).text).toMatch(/memory_recall/);
    // Bad arguments come back as a tool error the model can read, not a transport failure.
    expect(await call(c, 'memory_learn', { content: '' })).toMatchObject({ isError: true });
  });

  it('refuses writes under read-only and everything under none, applying changes on the next call', async () => {
    const c = await connect();
    policy = 'read-only';
    const refused = await call(c, 'memory_learn', { content: 'should not be saved' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Claude Desk is set to read-only tools/);
    expect((await memory.recall('saved')).length).toBe(0);
    expect(await call(c, 'memory_recall', { query: 'anything' })).toMatchObject({ isError: false });
    expect(JSON.parse((await call(c, 'core_list_tools')).text).tools).toContainEqual(
      expect.objectContaining({ name: 'memory_forget', allowed_now: false }),
    );

    policy = 'none';
    expect(await call(c, 'memory_recall', { query: 'x' })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/no tools/),
    });

    policy = 'all';
    expect(await call(c, 'memory_learn', { content: 'now it is saved' })).toMatchObject({ isError: false });
    expect((await memory.recall('saved'))[0]?.memory.content).toBe('now it is saved');
  });

  it('answers 401 with WWW-Authenticate without the token or with a wrong one', async () => {
    await expect(connect('0'.repeat(64))).rejects.toThrow(/401|Unauthorized/i);
    const none = await raw({ body: initialize, headers: { Authorization: '' } });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await raw({ body: initialize, headers: { Authorization: `Bearer ${server.token}x` } })).status).toBe(401);
    expect((await raw({ body: initialize, headers: { Authorization: `Basic ${server.token}` } })).status).toBe(401);
    expect((await raw({ body: initialize })).status).toBe(200);
  });

  it('answers 403 to a foreign Host or any Origin, even with the right token', async () => {
    expect((await raw({ body: initialize, headers: { Host: `evil.example:${server.port}` } })).status).toBe(403);
    expect((await raw({ body: initialize, headers: { Host: '127.0.0.1:1' } })).status).toBe(403);
    expect((await raw({ body: initialize, headers: { Host: `localhost:${server.port}` } })).status).toBe(200);
    expect((await raw({ body: initialize, headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await raw({ body: initialize, headers: { Origin: 'null' } })).status).toBe(403);
  });

  it('answers 413 to a 2 MiB body, declared or chunked', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2 * 1024 * 1024) } });
    expect((await raw({ body: big })).status).toBe(413);
    expect((await raw({ body: big, chunked: true })).status).toBe(413);
  });

  it('answers 404 off /mcp, 405 to GET, and 400 to broken JSON', async () => {
    expect((await raw({ path: '/other', body: initialize })).status).toBe(404);
    expect((await raw({ path: '/mcp/x', body: initialize })).status).toBe(404);
    const get = await raw({ method: 'GET', headers: { Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect((await raw({ body: '{nope' })).status).toBe(400);
  });

  it('answers server/discover before initialize with a JSON-RPC error and still connects (recorded case 05)', async () => {
    const discover = await raw({
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'server/discover', params: {} }),
    });
    expect(discover.status).toBe(200);
    expect(JSON.parse(discover.body)).toMatchObject({ id: 0, error: { code: -32601 } });
    expect((await (await connect()).listTools()).tools.length).toBe(10);
  });

  it('never writes the token to its log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(server.token);
  });
});
