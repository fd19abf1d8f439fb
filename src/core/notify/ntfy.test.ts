import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/notify';
import { normalizeNtfyServer, ntfyRequest, ntfyTopicProblem, type NtfyConfig } from './ntfy';

const message: PushMessage = {
  v: 1,
  id: 'waiting:t1/r1',
  kind: 'waiting',
  threadId: 't1',
  title: 'Fix the flaky login test',
  body: 'Claude is waiting for your approval to use Bash.',
  at: 1,
};
const config: NtfyConfig = { server: 'https://ntfy.example.org', topic: 'desk_1', token: 'tk_secret', titles: false };

describe('ntfy', () => {
  it('publishes as JSON to the server, the token in the Authorization header only', () => {
    const req = ntfyRequest(config, message);
    expect(req.url).toBe('https://ntfy.example.org/');
    expect(req.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tk_secret' });
    expect(req.url).not.toContain('tk_');
    expect(req.body).not.toContain('tk_');
  });

  it('by default says only that a thread waits or finished: no title, no reason', () => {
    const body = JSON.parse(ntfyRequest(config, message).body) as Record<string, unknown>;
    expect(body).toEqual({ topic: 'desk_1', message: 'A thread is waiting for you', priority: 4 });
    expect(Object.keys(ntfyRequest(config, message).headers)).not.toContain('Title');
    const finished = JSON.parse(ntfyRequest(config, { ...message, kind: 'finished' }).body) as Record<string, unknown>;
    expect(finished).toEqual({ topic: 'desk_1', message: 'A thread finished', priority: 3 });
  });

  it('sends the thread and why only when titles are turned on', () => {
    const body = JSON.parse(ntfyRequest({ ...config, titles: true }, message).body) as Record<string, unknown>;
    expect(body).toEqual({
      topic: 'desk_1',
      title: 'Waiting for you: Fix the flaky login test',
      message: 'Claude is waiting for your approval to use Bash.',
      priority: 4,
    });
  });

  it('takes only an https server, and a topic of letters, digits, - and _', () => {
    expect(normalizeNtfyServer('https://ntfy.example.org/')).toEqual({ server: 'https://ntfy.example.org' });
    expect(normalizeNtfyServer(' https://home.lan:8443/ntfy/ ')).toEqual({ server: 'https://home.lan:8443/ntfy' });
    expect(normalizeNtfyServer('http://ntfy.example.org')).toEqual({ problem: expect.stringMatching(/https/) });
    expect(normalizeNtfyServer('https://u:tk_x@ntfy.example.org')).toEqual({ problem: expect.stringMatching(/token/) });
    expect(normalizeNtfyServer('ntfy.example.org')).toEqual({ problem: expect.stringMatching(/web address/) });
    expect(ntfyTopicProblem('desk_1-a')).toBeNull();
    expect(ntfyTopicProblem('a/b')).toMatch(/letters/);
    expect(ntfyTopicProblem('x'.repeat(65))).toMatch(/letters/);
  });
});
