import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CSP_PLACEHOLDER, injectRendererCsp, metaCsp, rendererCspPlugin } from '../csp-plugin';
import { RENDERER_CSP } from '../src/shared/csp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const indexHtml = readFileSync(path.join(root, 'src', 'renderer', 'index.html'), 'utf8');
const metaContent = (html: string) =>
  /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];

/** The renderer's <meta> CSP is written once (src/shared/csp.ts) and filled in by the Vite plugin. */
describe('renderer CSP plugin', () => {
  it('index.html carries the placeholder, not a second copy of the policy', () => {
    expect(metaContent(indexHtml)).toBe(CSP_PLACEHOLDER);
  });

  it('fills the placeholder with RENDERER_CSP, minus what a <meta> policy ignores', () => {
    const out = rendererCspPlugin().transformIndexHtml(indexHtml);
    const content = metaContent(out);
    expect(out).not.toContain(CSP_PLACEHOLDER);
    expect(content).toBe(metaCsp(RENDERER_CSP));
    expect(content).toContain("script-src 'self'");
    expect(content).toContain("object-src 'none'");
    expect(content).not.toContain('frame-ancestors'); // header-only: browser mode sends it as a header
    for (const directive of RENDERER_CSP.split('; ').filter((d) => !d.startsWith('frame-ancestors'))) {
      expect(content).toContain(directive);
    }
  });

  it('refuses a page without the placeholder rather than ship it with no CSP', () => {
    expect(() => injectRendererCsp('<html><head></head></html>')).toThrow(CSP_PLACEHOLDER);
  });
});
