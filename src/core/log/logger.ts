import fs from 'node:fs';
import path from 'node:path';
import { redact, redactValue } from './redact';

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
    options.console === true ? { log: (l) => console.log(l), error: (l) => console.error(l) } : options.console || undefined;
  const secrets = new Set<string>();
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
      const list = [...secrets];
      const record: Record<string, unknown> = { time: now().toISOString(), level, msg: redact(String(msg), list) };
      if (fields && Object.keys(fields).length > 0) record.fields = redactValue(fields, list);
      // Second pass over the finished line: catches anything a field walk could miss.
      const line = redact(JSON.stringify(record), list);
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
      const s = secret.trim();
      if (s) secrets.add(s);
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
