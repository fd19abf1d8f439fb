import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { isLoopbackHost, secretsEqual } from '../net/loopback-guard';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { DeskToolDeps } from './desk-tool';
import { registerDeskTools, SERVER_INSTRUCTIONS } from './tools';

export interface DeskMcpServerOptions extends DeskToolDeps {
  /** One line per noteworthy event. Never receives the token or request headers. */
  log?: (line: string) => void;
  /** Largest accepted request body (default 1 MiB). */
  maxBodyBytes?: number;
  version?: string;
}

export interface DeskMcpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  port: number;
  /** 256-bit bearer token, hex; new on every start. Goes into the 0600 `--mcp-config` file only. */
  token: string;
  close(): Promise<void>;
}

export const MAX_BODY_BYTES = 1024 * 1024;
const MCP_PATH = '/mcp';

type BodyResult = { tooLarge: true } | { tooLarge: false; body: Buffer };

/** Read the body, refusing it by its declared length or, for chunked uploads, by the bytes that arrive. */
function readBody(req: http.IncomingMessage, max: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.off('end', onEnd);
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve({ tooLarge: false, body: Buffer.concat(chunks) });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  const code = status === 400 ? -32700 : -32000;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

function tokenMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return secretsEqual(match?.[1] ?? '', expected) && match !== null;
}

/**
 * Claude Desk's MCP endpoint on loopback. Stateless Streamable HTTP (the SDK's documented pattern: a
 * fresh McpServer + transport per POST), so there is no session to lose when the CLI restarts.
 * The checks run in a fixed order before the SDK sees anything: Host (DNS rebinding) → Origin (browsers)
 * → bearer token → path → method → body size.
 */
export async function startDeskMcpServer(options: DeskMcpServerOptions): Promise<DeskMcpServer> {
  const { log = () => {}, maxBodyBytes = MAX_BODY_BYTES, version = '0.1.0' } = options;
  const token = randomBytes(32).toString('hex');
  let port = 0;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0];
    const reject = (status: number, message: string, headers?: Record<string, string>) => {
      log(`mcp ${status} ${method} ${path}: ${message}`);
      sendJson(res, status, message, headers);
    };

    if (!isLoopbackHost(req.headers.host, port)) return reject(403, 'Forbidden host');
    // The CLI never sends Origin; a browser always does on cross-origin fetches.
    if (req.headers.origin !== undefined) return reject(403, 'Browser requests are not allowed');
    if (!tokenMatches(req.headers.authorization, token)) {
      // No resource_metadata: the CLI must not start an OAuth flow (recorded case 07: it marks the server failed).
      return reject(401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer realm="claude-desk"' });
    }
    if (path !== MCP_PATH) return reject(404, 'Not found');
    // Stateless: no server-initiated stream to GET and no session to DELETE. The CLI's client sends
    // `GET /mcp` after initialize (recorded case 05) and carries on after a 405, as the spec allows.
    if (method !== 'POST') return reject(405, 'Method not allowed.', { Allow: 'POST' });

    const read = await readBody(req, maxBodyBytes);
    if (read.tooLarge) {
      // Let the rest of the upload drain so the client reads the 413 instead of a reset connection.
      req.resume();
      return reject(413, `Request body over ${maxBodyBytes} bytes`, { Connection: 'close' });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.body.toString('utf8'));
    } catch {
      return reject(400, 'Parse error: Invalid JSON');
    }
    log(`mcp POST ${describe(parsed)}`);

    const server = new McpServer({ name: 'claude-desk', version }, { instructions: SERVER_INSTRUCTIONS });
    registerDeskTools(server, options, log);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
  }

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`mcp 500: ${err instanceof Error ? err.message : String(err)}`);
      sendJson(res, 500, 'Internal server error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(0, '127.0.0.1', () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  port = (httpServer.address() as AddressInfo).port;
  log(`mcp listening on 127.0.0.1:${port}`);

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    port,
    token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      return closing;
    },
  };
}

/** For the log: JSON-RPC method names only (`initialize`, `tools/call memory_recall`), never arguments. */
function describe(body: unknown): string {
  const one = (m: unknown): string => {
    const msg = m as { method?: unknown; params?: { name?: unknown } } | null;
    if (typeof msg?.method !== 'string') return 'response';
    return msg.method === 'tools/call' && typeof msg.params?.name === 'string'
      ? `tools/call ${msg.params.name}`
      : msg.method;
  };
  return Array.isArray(body) ? `[${body.map(one).join(', ')}]` : one(body);
}
