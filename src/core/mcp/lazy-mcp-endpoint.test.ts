import { describe, expect, it, vi } from 'vitest';
import type { DeskMcpServer } from './desk-mcp-server';
import { createLazyMcpEndpoint } from './lazy-mcp-endpoint';

function fakeServer(port = 4242): DeskMcpServer & { closed: number } {
  const s = {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    token: 'secret-token',
    closed: 0,
    close: async () => {
      s.closed += 1;
    },
  };
  return s;
}

describe('lazy MCP endpoint', () => {
  it('starts nothing until the first ensure, then starts once for concurrent callers', async () => {
    const server = fakeServer();
    const start = vi.fn(async () => server);
    const endpoint = createLazyMcpEndpoint(start);
    expect(endpoint.state()).toEqual({ status: 'idle' });
    const [a, b] = await Promise.all([endpoint.ensure(), endpoint.ensure()]);
    expect(a).toEqual({ ok: true, server });
    expect(b).toEqual({ ok: true, server });
    expect(await endpoint.ensure()).toEqual({ ok: true, server });
    expect(start).toHaveBeenCalledTimes(1);
    expect(endpoint.state()).toEqual({ status: 'ready', url: server.url, port: 4242 });
    expect(JSON.stringify(endpoint.state())).not.toContain('secret-token');
    await endpoint.close();
    expect(server.closed).toBe(1);
    expect(await endpoint.ensure()).toEqual({ ok: false, reason: 'closed' });
  });

  it('remembers a failed start with its reason and retries on a later ensure', async () => {
    const server = fakeServer();
    const start = vi
      .fn<() => Promise<DeskMcpServer>>()
      .mockRejectedValueOnce(new Error('listen EACCES'))
      .mockResolvedValue(server);
    const endpoint = createLazyMcpEndpoint(start);
    expect(await endpoint.ensure()).toEqual({ ok: false, reason: 'listen EACCES' });
    expect(endpoint.state()).toEqual({ status: 'failed', reason: 'listen EACCES' });
    expect(await endpoint.ensure()).toEqual({ ok: true, server });
    expect(start).toHaveBeenCalledTimes(2);
    await endpoint.close();
  });

  it('closes a server that finishes starting after close()', async () => {
    const server = fakeServer();
    let finish!: (s: DeskMcpServer) => void;
    const endpoint = createLazyMcpEndpoint(() => new Promise((resolve) => (finish = resolve)));
    const pending = endpoint.ensure();
    const closing = endpoint.close();
    finish(server);
    await closing;
    expect(await pending).toEqual({ ok: false, reason: 'closed' });
    expect(server.closed).toBe(1);
    expect(endpoint.state()).toEqual({ status: 'closed' });
  });
});
