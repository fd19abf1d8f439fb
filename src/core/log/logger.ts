import fs from 'node:fs';
import path from 'node:path';
import { SecretRedactor } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** Register a runtime secret (saved API key, web token) so it never appears in a line. */
  addSecret(secret: string): void;
  close(): void;
}

/** The console methods the logger uses; inject a fake in tests. */
export interface LogConsole {
  log(line: string): void;
  error(line: string): void;
}

export interface LoggerOptions {
  /** The layout's `logFile` (src/core/store/data-dir.ts). Omit for console-only logging. */
  file?: string;
  maxBytes?: number;
  /** Rotated files kept beside the live one: `<file>.1` (newest) … `<file>.<keep>`. */
  keep?: number;
  /** `true` → the process console; an object → that sink; omitted → no console output. */
  console?: boolean | LogConsole;
  /** Lowest level written (default 'info'). */
  level?: LogLevel;
  now?: () => Date;
  /** The app's one secret registry (shared with turn errors); a private one by default. */
  redactor?: SecretRedactor;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * JSON-lines logger with size rotation. Writes are synchronous on purpose: lines stay in order, the
 * last words before a crash reach the disk, and volume is low (turn lifecycle, not every delta).
 * Logging never throws: a broken disk must not break a chat.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = Math.max(0, options.keep ?? 3);
  const minLevel = ORDER[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const sink: LogConsole | undefined =
    options.console === true
      ? { log: (l) => console.log(l), error: (l) => console.error(l) }
      : options.console || undefined;
  const redactor = options.redactor ?? new SecretRedactor();
  let fd: number | undefined;
  let size = 0;
  let broken = false;

  function open(): void {
    if (!options.file || fd !== undefined || broken) return;
    try {
      fs.mkdirSync(path.dirname(options.file), { recursive: true, mode: 0o700 });
      fd = fs.openSync(options.file, 'a', 0o600);
      // An older file may have been created with a looser mode; the log is private.
      fs.fchmodSync(fd, 0o600);
      size = fs.fstatSync(fd).size;
    } catch {
      broken = true;
      fd = undefined;
    }
  }

  function rotate(file: string): void {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
    if (keep === 0) {
      fs.rmSync(file, { force: true });
    } else {
      fs.rmSync(`${file}.${keep}`, { force: true });
      for (let i = keep - 1; i >= 1; i--) {
        if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
      }
      fs.renameSync(file, `${file}.1`);
    }
    open();
  }

  function writeFile(line: string): void {
    if (!options.file) return;
    open();
    if (fd === undefined) return;
    try {
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate(options.file);
      if (fd === undefined) return;
      fs.writeSync(fd, line);
      size += bytes;
    } catch {
      // Disk full or file removed under us: try to reopen on the next line, never throw.
      try {
        if (fd !== undefined) fs.closeSync(fd);
      } catch {
        /* already closed */
      }
      fd = undefined;
    }
  }

  function write(level: LogLevel, msg: string, fields?: LogFields): void {
    if (ORDER[level] < minLevel) return;
    try {
      // Values are scrubbed before serialising and the line is not touched afterwards: a pattern run over
      // JSON text can swallow an escape's backslash and leave a line that no longer parses.
      const record: Record<string, unknown> = { time: now().toISOString(), level, msg: redactor.text(String(msg)) };
      if (fields && Object.keys(fields).length > 0) record.fields = redactor.value(fields);
      const line = JSON.stringify(record);
      writeFile(`${line}\n`);
      if (sink) (level === 'error' || level === 'warn' ? sink.error : sink.log)(line);
    } catch {
      /* never throw from logging */
    }
  }

  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    addSecret(secret: string) {
      redactor.add(secret);
    },
    close() {
      if (fd !== undefined) {
        try {
          fs.closeSync(fd);
        } catch {
          /* ignore */
        }
      }
      fd = undefined;
    },
  };
}
