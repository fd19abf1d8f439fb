/** Small, locale-independent number formats for footers and headers (stable in tests and screenshots). */

export function formatCost(usd: number): string {
  if (!usd) return '$0.00';
  // A turn often costs a cent or two: keep enough digits to tell turns apart.
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  if (usd < 1) return `$${usd.toFixed(3)}`;
  return `$${usd.toFixed(2)}`;
}

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function formatDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} m ${Math.round(s - m * 60)} s`;
}

/** Whole seconds for a ticking "running" timer: 0:07, 1:23, 12:05. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** `claude-code:sonnet@0.2` → `sonnet`: the routing prefix and temperature are not the model's name. */
export function modelLabel(model: string | undefined): string | undefined {
  if (!model) return undefined;
  return model.replace(/^claude-code:/, '').replace(/@[\d.]+$/, '') || undefined;
}
