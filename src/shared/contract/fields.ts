/** The input fields several features' calls share (not a feature: the contract index never spreads it). */
import * as z from 'zod';

export const id = z.string().min(1).max(200);
/** A message id chosen by the client (a UUID in practice): plain characters only, it keys the thread log. */
export const messageId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a message id is 1–100 letters, digits, - or _');
/** A Claude Code session id: the CLI's uuid (its transcript's file name). */
export const sessionId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'not a session id');
