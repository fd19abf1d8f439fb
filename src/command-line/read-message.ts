/**
 * The message of `claude-desk chat`: its words on the command line, or stdin with `-` (or when no words
 * are given and stdin is a pipe). stdin has no size limit; one argument does — Linux refuses any single
 * argument over 128 KiB at exec, and `npx` re-execs, so a long message on the command line dies before
 * Claude Desk runs (exit 249, nothing printed).
 */
export interface MessageSource {
  isTTY?: boolean;
  setEncoding(encoding: BufferEncoding): unknown;
  [Symbol.asyncIterator](): AsyncIterator<string | Buffer>;
}

export type ReadMessage = { ok: true; text: string; fromStdin: boolean } | { ok: false; error: string };

export async function readMessage(positionals: string[], stdin: MessageSource): Promise<ReadMessage> {
  const dash = positionals.length === 1 && positionals[0] === '-';
  if (!dash && positionals.length > 0) {
    const text = positionals.join(' ').trim();
    return text ? { ok: true, text, fromStdin: false } : { ok: false, error: NOTHING };
  }
  if (!dash && stdin.isTTY) return { ok: false, error: NOTHING };
  stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  text = text.trim();
  return text ? { ok: true, text, fromStdin: true } : { ok: false, error: 'Nothing to send: stdin was empty.' };
}

const NOTHING = 'Nothing to send: claude-desk chat "your message" (or pipe it in: … | claude-desk chat -)';
