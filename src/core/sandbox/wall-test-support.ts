/**
 * Test support for the real-wall tests (bwrap-wall.test.ts): a one-tool loopback MCP server and a
 * runner for one stream-json turn. Not imported by production code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface TinyMcpServer {
  url: string;
  calls: string[];
  close(): Promise<void>;
}

/** Stateless Streamable HTTP MCP server on 127.0.0.1:0 with one tool, `ping`, answering `text`. */
export async function startTinyMcpServer(text: string): Promise<TinyMcpServer> {
  const calls: string[] = [];
  const httpServer = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const server = new McpServer({ name: 'tiny', version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers with a fixed text.' }, async () => {
      calls.push('ping');
      return { content: [{ type: 'text', text }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}

export interface TurnRun {
  lines: Record<string, unknown>[];
  stderr: string;
  exitCode: number | null;
}

/** The stdin line the app sends for one user message (CASES.md "Common setup"). */
export function userLine(text: string): string {
  const msg = { type: 'user', message: { role: 'user', content: [{ type: 'text', text }] }, parent_tool_use_id: null, session_id: '' };
  return `${JSON.stringify(msg)}\n`;
}

/** Spawns `file args`, writes one user line, closes stdin (the CLI exits at EOF, case 11b), collects stdout lines. */
export function runOneTurn(
  file: string,
  args: readonly string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; text: string; track: (child: ChildProcess) => void },
): Promise<TurnRun> {
  const child = spawn(file, [...args], { env: opts.env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  opts.track(child);
  let out = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end(userLine(opts.text));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const lines = out
        .split('\n')
        .filter((l) => l.trim().startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ lines, stderr, exitCode });
    });
  });
}

export function resultText(run: TurnRun): string {
  const result = run.lines.find((l) => l['type'] === 'result');
  return typeof result?.['result'] === 'string' ? result['result'] : `<no result line; stderr: ${run.stderr.slice(0, 500)}>`;
}
