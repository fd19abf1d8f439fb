import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMcpConfigJson, writeMcpConfigFile } from './mcp-config';

describe('mcp config', () => {
  it('is exactly the document the CLI expects, naming the server "desk"', () => {
    expect(buildMcpConfigJson({ url: 'http://127.0.0.1:4242/mcp', token: 'abc' })).toBe(
      '{"mcpServers":{"desk":{"type":"http","url":"http://127.0.0.1:4242/mcp","headers":{"Authorization":"Bearer abc"}}}}',
    );
  });

  it('is written owner-only', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-mcp-config-'));
    try {
      const file = await writeMcpConfigFile(path.join(dir, 'run', 'mcp.json'), { url: 'http://127.0.0.1:1/mcp', token: 't' });
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await fs.readFile(file, 'utf8')).mcpServers.desk.headers.Authorization).toBe('Bearer t');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
