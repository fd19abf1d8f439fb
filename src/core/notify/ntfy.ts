import https from 'node:https';
import { NOTIFY_KIND_WORDS, NTFY_PLAIN_WORDS, type PushMessage } from '../../shared/notify';

export interface NtfyConfig {
  /** The user's own server, https. */
  server: string;
  topic: string;
  token: string;
  /** Thread titles and reasons go to ntfy only when the user turned this on (ntfy is not end-to-end encrypted). */
  titles: boolean;
}

export interface NtfyRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/** The server as it is kept, or one sentence saying what is wrong with it. */
export function normalizeNtfyServer(raw: string): { server: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'The ntfy server is not a web address (e.g. https://ntfy.example.org).' };
  }
  if (url.protocol !== 'https:')
    return { problem: 'The ntfy server must use https: the token would travel in the clear.' };
  if (url.username || url.password) return { problem: 'Put the token in its own field, not in the server address.' };
  if (url.search || url.hash) return { problem: 'The ntfy server address is the server only, without ? or #.' };
  return { server: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

export function ntfyTopicProblem(topic: string): string | null {
  return TOPIC.test(topic) ? null : 'An ntfy topic is 1–64 letters, digits, - or _.';
}

/**
 * The request that publishes one message (ntfy's JSON form, so a title in any language is sent as UTF-8 and not as
 * a header). The token travels in the Authorization header only. Without titles the message says only that a
 * thread waits or finished: nothing of its name, its folder or what Claude asked.
 */
export function ntfyRequest(config: NtfyConfig, message: PushMessage): NtfyRequest {
  const body = config.titles
    ? { topic: config.topic, title: `${NOTIFY_KIND_WORDS[message.kind]}: ${message.title}`, message: message.body }
    : { topic: config.topic, message: NTFY_PLAIN_WORDS[message.kind] };
  return {
    url: `${config.server}/`,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${config.token}`,
    },
    body: JSON.stringify({ ...body, priority: message.kind === 'waiting' ? 4 : 3 }),
  };
}

const SEND_TIMEOUT_MS = 15_000;

/** Publish; null when ntfy took it, else one sentence for Settings. The token is never in a sentence. */
export function sendNtfy(request: NtfyRequest, ca?: string | Buffer): Promise<string | null> {
  const host = new URL(request.url).host;
  return new Promise((resolve) => {
    const req = https.request(
      request.url,
      { method: 'POST', headers: request.headers, timeout: SEND_TIMEOUT_MS, ...(ca ? { ca } : {}) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(ntfyProblem(res.statusCode ?? 0, host)));
        res.on('error', () => resolve(`The ntfy server ${host} could not be reached.`));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(`The ntfy server ${host} could not be reached; check its address and the network.`));
    req.end(request.body);
  });
}

function ntfyProblem(status: number, host: string): string | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403)
    return `${host} refused the ntfy token; enter a token that may publish to the topic.`;
  if (status === 404) return `${host} has no ntfy at that address; check the server in Settings.`;
  if (status === 429) return `${host} limited how often Claude Desk may publish; a notification was not sent.`;
  return `${host} did not take a notification (HTTP ${status}).`;
}
