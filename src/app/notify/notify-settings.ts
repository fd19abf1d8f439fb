import { readJsonOrDefault, writeJsonAtomic } from '../../core/store/atomic-write';
import { normalizeNtfyServer, ntfyTopicProblem, type NtfyConfig } from '../../core/notify/ntfy';
import type { SecretFile } from '../../core/notify/secret-file';

/** What Settings → notifications keeps, beside the token (kept apart, like the API key). */
export interface NotifySettingsFile {
  ntfyServer?: string;
  ntfyTopic?: string;
  ntfyTitles?: boolean;
}

export type NotifyPatch = { ntfyServer?: string; ntfyTopic?: string; ntfyToken?: string; ntfyTitles?: boolean };

/** The ntfy part of Settings: the server and topic in a 0600 file, the token in a SecretFile. */
export class NotifySettings {
  private value: NotifySettingsFile = {};

  private constructor(
    private readonly file: string,
    readonly token: SecretFile,
  ) {}

  static async open(file: string, token: SecretFile, warn: (m: string) => void): Promise<NotifySettings> {
    const s = new NotifySettings(file, token);
    const raw = (await readJsonOrDefault(file, {}, warn)) as Record<string, unknown> | null;
    if (raw && typeof raw === 'object') {
      if (typeof raw.ntfyServer === 'string') s.value.ntfyServer = raw.ntfyServer;
      if (typeof raw.ntfyTopic === 'string') s.value.ntfyTopic = raw.ntfyTopic;
      if (typeof raw.ntfyTitles === 'boolean') s.value.ntfyTitles = raw.ntfyTitles;
    }
    return s;
  }

  get(): Readonly<NotifySettingsFile> {
    return this.value;
  }

  /** Applies a patch from Settings, or throws one sentence saying what is wrong (nothing is changed then). */
  async set(patch: NotifyPatch): Promise<void> {
    const next = { ...this.value };
    if (patch.ntfyServer !== undefined) {
      if (patch.ntfyServer.trim() === '') delete next.ntfyServer;
      else {
        const judged = normalizeNtfyServer(patch.ntfyServer);
        if ('problem' in judged) throw new Error(judged.problem);
        next.ntfyServer = judged.server;
      }
    }
    if (patch.ntfyTopic !== undefined) {
      const topic = patch.ntfyTopic.trim();
      if (topic === '') delete next.ntfyTopic;
      else {
        const problem = ntfyTopicProblem(topic);
        if (problem) throw new Error(problem);
        next.ntfyTopic = topic;
      }
    }
    if (patch.ntfyTitles !== undefined) next.ntfyTitles = patch.ntfyTitles;
    const token = patch.ntfyToken?.trim();
    if (token !== undefined && token !== '' && !/^[\x21-\x7e]{1,500}$/.test(token))
      throw new Error('An ntfy token is one word of printable characters (tk_…).');
    if (token !== undefined) await (token === '' ? this.token.clear() : this.token.set(token));
    await writeJsonAtomic(this.file, next);
    this.value = next;
  }

  /** The topic to publish to, when server, topic and token are all set. */
  config(): NtfyConfig | null {
    const { ntfyServer, ntfyTopic, ntfyTitles } = this.value;
    const token = ntfyServer && ntfyTopic ? this.token.get() : undefined;
    return ntfyServer && ntfyTopic && token
      ? { server: ntfyServer, topic: ntfyTopic, token, titles: ntfyTitles === true }
      : null;
  }
}
