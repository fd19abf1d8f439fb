import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTurnArgs } from '../turn/build-turn-args';
import { createScratchDir } from '../turn/turn-scratch-dir';
import { MCP_IN_INITIALIZE_SINCE, buildMcpConfigJson, deskMcpServers, takesMcpInInitialize } from './mcp-config';

describe('mcp config', () => {
  it('goes in initialize from 2.1.326 on (case 59), in a file before it and for a version not known', () => {
    expect(MCP_IN_INITIALIZE_SINCE).toBe('2.1.326');
    for (const v of ['2.1.326', '2.1.337', '2.2.0', '3.0.0']) expect(takesMcpInInitialize(v)).toBe(true);
    for (const v of ['2.1.325', '2.1.326-beta.1', '2.0.0', undefined, '', 'not a version'])
      expect(takesMcpInInitialize(v)).toBe(false);
  });

  it('hands over the same server entry in initialize as in the file (one shape, named desk)', () => {
    const endpoint = { url: 'http://127.0.0.1:4242/mcp', token: 'abc' };
    expect(deskMcpServers(endpoint)).toEqual(JSON.parse(buildMcpConfigJson(endpoint)).mcpServers);
  });

  it('is exactly the document the CLI expects, naming the server "desk"', () => {
    expect(buildMcpConfigJson({ url: 'http://127.0.0.1:4242/mcp', token: 'abc' })).toBe(
      '{"mcpServers":{"desk":{"type":"http","url":"http://127.0.0.1:4242/mcp","headers":{"Authorization":"Bearer abc"}}}}',
    );
  });

  it("is what a turn's scratch dir writes, owner-only, under the name --allowedTools lets through", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-mcp-config-'));
    const endpoint = { url: 'http://127.0.0.1:1/mcp', token: 't' };
    const scratch = await createScratchDir({ mcp: endpoint, tmpRoot: root });
    try {
      const file = scratch.mcpConfigPath!;
      if (process.platform !== 'win32') expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(await fs.readFile(file, 'utf8')).toBe(buildMcpConfigJson(endpoint));
      const args = buildTurnArgs({
        sessionId: 's',
        resume: false,
        projectDir: root,
        permissionMode: 'ask',
        mcpConfigPath: file,
      });
      const server = Object.keys(JSON.parse(await fs.readFile(file, 'utf8')).mcpServers)[0];
      expect(args.join(' ')).toContain(`mcp__${server}`);
    } finally {
      await scratch.cleanup();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
