import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { checkPushEndpoint, type PushNetwork } from './push-endpoint';
import type { VapidKeys } from './vapid-keys';

/** Who sends (RFC 8292's `sub`): push services want a contact; no address of the user's is given. */
export const VAPID_SUBJECT = 'mailto:notifications@claude-desk.invalid';

/** How long a push service keeps a message for a phone that is off (seconds): older news is on the board. */
export const PUSH_TTL_SECONDS = 6 * 60 * 60;

const SEND_TIMEOUT_MS = 15_000;

export type PushOutcome =
  | { kind: 'sent' }
  /** The subscription is no more (the push service answered 404 or 410): forget it. */
  | { kind: 'gone' }
  | { kind: 'failed'; sentence: string };

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Send one message to one subscription. The payload is encrypted for the browser's key (RFC 8291, aes128gcm) and
 * signed with this computer's VAPID key by web-push; the request itself goes out here, to the address the
 * endpoint check resolved, so a name that resolves elsewhere between the check and the send reaches nothing.
 * `topic` lets the push service replace a message not yet delivered by a newer one of the same topic.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  opts: { keys: VapidKeys; network: PushNetwork; topic?: string; urgency?: 'normal' | 'high' },
): Promise<PushOutcome> {
  const check = await checkPushEndpoint(target.endpoint, opts.network);
  if (!check.ok) return { kind: 'failed', sentence: check.reason };
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails(target, payload, {
      vapidDetails: { subject: VAPID_SUBJECT, publicKey: opts.keys.publicKey, privateKey: opts.keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: opts.urgency ?? 'normal',
      ...(opts.topic ? { topic: opts.topic } : {}),
    });
  } catch {
    // A subscription whose keys are not a P-256 point and a 16-byte secret cannot be encrypted for.
    return { kind: 'gone' };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    const family = check.address.includes(':') ? 6 : 4;
    if ((options as { all?: boolean }).all) callback(null, [{ address: check.address, family }]);
    else callback(null, check.address, family);
  };
  return new Promise<PushOutcome>((resolve) => {
    const req = https.request(
      check.url,
      {
        method: 'POST',
        headers: details.headers as Record<string, string | number>,
        lookup: pinned,
        timeout: SEND_TIMEOUT_MS,
        ...(opts.network.ca ? { ca: opts.network.ca } : {}),
      },
      (res) => {
        res.resume(); // the answer's body is not read, nor logged
        res.on('end', () => resolve(outcomeOf(res.statusCode ?? 0, check.url.hostname)));
        res.on('error', () => resolve(unreachable(check.url.hostname)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(unreachable(check.url.hostname)));
    req.end(details.body);
  });
}

function unreachable(host: string): PushOutcome {
  return {
    kind: 'failed',
    sentence: `The push service ${host} could not be reached; notifications wait for it to answer again.`,
  };
}

function outcomeOf(status: number, host: string): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429)
    return {
      kind: 'failed',
      sentence: `The push service ${host} asked Claude Desk to slow down; a notification was not sent.`,
    };
  if (status === 401 || status === 403)
    return {
      kind: 'failed',
      sentence: `The push service ${host} refused Claude Desk's key; turn notifications off and on again on the device.`,
    };
  if (status >= 500)
    return {
      kind: 'failed',
      sentence: `The push service ${host} is having trouble (HTTP ${status}); a notification was not sent.`,
    };
  return { kind: 'failed', sentence: `The push service ${host} refused a notification (HTTP ${status}).` };
}
