/**
 * Content Security Policy for the renderer, in both hosts. No remote code, no inline scripts, no eval.
 * `connect-src 'self'` covers the browser-mode WebSocket (same origin); images may be data:/blob: (pasted images).
 * Inline styles are allowed because syntax highlighting and the virtualized list set style attributes.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
