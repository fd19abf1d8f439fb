import type { Plugin } from 'vite';
import { RENDERER_CSP } from './src/shared/csp';

/** What src/renderer/index.html holds where the policy goes: the CSP is written once, in src/shared/csp.ts. */
export const CSP_PLACEHOLDER = '%RENDERER_CSP%';

// Browsers ignore these in a <meta> policy (and log a console error for each); browser mode sends them as a header.
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** RENDERER_CSP minus the header-only directives: what the page's <meta> can carry. */
export function metaCsp(csp: string = RENDERER_CSP): string {
  return csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !HEADER_ONLY.has(d.split(/\s+/)[0] ?? ''))
    .join('; ');
}

/** Put the policy into the page; a page without the placeholder fails the build rather than ship without a CSP. */
export function injectRendererCsp(html: string, csp: string = RENDERER_CSP): string {
  if (!html.includes(CSP_PLACEHOLDER)) throw new Error(`index.html has no ${CSP_PLACEHOLDER} placeholder for the CSP.`);
  const value = metaCsp(csp);
  if (/["<>&]/.test(value)) throw new Error('The CSP must not contain characters that need escaping in an attribute.');
  return html.replaceAll(CSP_PLACEHOLDER, value);
}

/** Vite plugin (renderer build and dev server): fills the placeholder from RENDERER_CSP. */
export function rendererCspPlugin(): Plugin & { transformIndexHtml: (html: string) => string } {
  return { name: 'claude-desk-renderer-csp', transformIndexHtml: (html: string) => injectRendererCsp(html) };
}
