import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';

/** This computer's VAPID key pair (RFC 8292), base64url: push services check the JWT signed with it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function valid(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return (
    typeof v?.publicKey === 'string' &&
    typeof v.privateKey === 'string' &&
    Buffer.from(v.publicKey, 'base64url').length === 65 &&
    Buffer.from(v.privateKey, 'base64url').length === 32
  );
}

/**
 * The key pair, made once. A subscription is bound to the public key it was made with, so it must not change
 * under two Claude Desks starting at once: the new file is written to a temporary name, fsynced and then linked
 * into place, which fails if another process got there first — and then that one's keys are used. 0600, in the
 * data dir's state; never logged. A file that is not a key pair is moved aside and a new pair made (the devices
 * subscribe again when their page next opens).
 */
export async function loadOrCreateVapidKeys(
  file: string,
  warn: (message: string) => void = () => {},
): Promise<VapidKeys> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (existing !== null) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(existing);
      } catch {
        // judged below
      }
      if (valid(parsed)) return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
      await fs.rename(file, `${file}.corrupt-${Date.now()}`).catch(() => {});
      warn('The push notification keys were unreadable and were made anew; phones turn notifications on again.');
      continue;
    }
    const keys = webpush.generateVAPIDKeys();
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(keys)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.link(tmp, file);
      return keys;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }
  throw new Error('The push notification keys could not be made.');
}
