import { CALL_NAMES, type CallName, type EventName } from '../../shared/contract';

/**
 * The device gate: what a paired phone may ask of this computer, checked here, on the computer. Whoever holds a
 * device's credential can make Claude run commands as the user, so a device may do what a person away from the desk
 * needs — see the board, threads, cards, changes and diffs; send, queue, stop; answer questions and plans; approve
 * once or for this session; land without force — and nothing else.
 *
 * Deny by default, for calls and for their fields: a call missing from DEVICE_CALLS is refused (a call added to the
 * contract later stays refused to devices until someone decides here), and a field missing from its call's rule is
 * refused too. Where a call needs to know which device asked (`attach`), the gate writes the device's id itself,
 * over anything the device sent. The contract's zod schema still validates the input afterwards, as for any caller.
 */

export interface GateDevice {
  id: string;
}

export interface GateContext {
  device: GateDevice;
  /** The approval request a card answers, while it waits (for a question's answers: nothing else may change). */
  approvalRequest(
    threadId: string,
    turnId: string,
    requestId: string,
  ): { toolName: string; input: Record<string, unknown> } | undefined;
  /** The folders already recent on this computer (a device never brings a new one). */
  recentProjects(): Promise<string[]>;
}

type Check = (
  value: unknown,
  input: Record<string, unknown>,
  ctx: GateContext,
) => true | string | Promise<true | string>;

export interface CallRule {
  /** 'none': the call takes no input. Otherwise every field the device may send, with its check. */
  fields: 'none' | Record<string, Check>;
  /** The field the gate fills with the device's id (replacing whatever was sent). */
  attach?: string;
  /** Why this call is open to a device (documentation for the next person deciding). */
  why: string;
}

const any: Check = () => true;
const notTrue =
  (what: string): Check =>
  (v) =>
    v !== true || what;
const permissionMode: Check = (v) => v !== 'bypassPermissions' || 'Full access cannot be turned on from a phone.';

/** A thread's settings a device may set: the model and a permission mode short of full access, in a recent folder. */
function threadSettings(allowProject: boolean): Check {
  return async (v, _input, ctx) => {
    if (v === undefined) return true;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return "A thread's settings are an object.";
    for (const [key, value] of Object.entries(v as Record<string, unknown>)) {
      if (key === 'model') continue;
      if (key === 'permissionMode') {
        const ok = permissionMode(value, {}, ctx);
        if (ok !== true) return ok;
        continue;
      }
      if (key === 'projectDir' && allowProject) {
        if (typeof value === 'string' && (await ctx.recentProjects()).includes(value)) continue;
        return 'A phone can start a thread only in a project folder already used on this computer.';
      }
      return `A phone cannot change a thread's ${key}.`;
    }
    return true;
  };
}

/** Allow once or for this session, never "always" (it writes a settings file), never an edited command. */
const approvalDecision: Check = (v, input, ctx) => {
  if (typeof v !== 'object' || v === null) return 'An answer must allow or deny.';
  const d = v as Record<string, unknown>;
  if (d.behavior === 'deny')
    return Object.keys(d).every((k) => k === 'behavior' || k === 'message') || 'A deny carries only a message.';
  if (d.behavior !== 'allow') return 'An answer must allow or deny.';
  if (d.scope !== 'once' && d.scope !== 'session')
    return 'From a phone, allow once or for this session: "always" is set at the computer.';
  for (const k of Object.keys(d))
    if (!['behavior', 'scope', 'updatedInput'].includes(k)) return `Not available from a phone: an answer with ${k}.`;
  if (d.updatedInput === undefined) return true;
  // The one edit a phone makes: a question's answers. Everything else of the request stays as Claude asked it.
  const request = ctx.approvalRequest(String(input.threadId), String(input.turnId), String(input.requestId));
  if (request?.toolName !== 'AskUserQuestion') return 'A command or file cannot be edited from a phone.';
  const edited = d.updatedInput as Record<string, unknown>;
  if (typeof edited !== 'object' || edited === null) return 'Only the answers can be given from a phone.';
  for (const [k, value] of Object.entries(edited)) {
    if (k === 'answers') continue;
    if (JSON.stringify(value) !== JSON.stringify(request.input[k]))
      return 'Only the answers can be given from a phone.';
  }
  return Object.keys(request.input).every((k) => k in edited) || 'Only the answers can be given from a phone.';
};

const thread = { threadId: any };
const READ = 'reading what the board, a thread or its changes show';

export const DEVICE_CALLS: Partial<Record<CallName, CallRule>> = {
  getAppInfo: { fields: 'none', why: 'the page names the app and its version' },
  getPushKey: { fields: 'none', why: 'Web Push: the key a subscription is made for' },
  getBudgets: { fields: 'none', why: 'a send over a budget asks first on the phone too (read only)' },
  subscribePush: {
    fields: { subscription: any },
    attach: 'deviceId',
    why: "Web Push: this device's own subscription (the endpoint checked on the computer)",
  },
  unsubscribePush: { fields: { endpoint: any }, attach: 'deviceId', why: 'Web Push: this device turns its own off' },
  getCliStatus: { fields: { force: any }, why: 'whether Claude Code is there to answer' },
  listThreads: { fields: 'none', why: READ },
  getThread: { fields: thread, why: READ },
  readToolResult: { fields: { ...thread, toolUseId: any, offset: any, limit: any }, why: READ },
  searchThreads: { fields: { query: any }, why: READ },
  createThread: {
    fields: { title: any, settings: threadSettings(true) },
    why: 'start a thread, in a folder already recent, short of full access',
  },
  renameThread: { fields: { ...thread, title: any }, why: 'name a thread' },
  pinThread: { fields: { ...thread, pinned: any }, why: 'pin a thread' },
  updateThreadSettings: {
    fields: { ...thread, settings: threadSettings(false) },
    why: 'the model and a permission mode short of full access; never the system prompt or MCP switches',
  },
  sendMessage: { fields: { ...thread, messageId: any, turnId: any, text: any, images: any }, why: 'send' },
  stopTurn: { fields: { ...thread, turnId: any }, why: 'stop' },
  queueMessage: { fields: { ...thread, messageId: any, text: any, images: any }, why: 'queue' },
  getMessageQueue: { fields: thread, why: 'queue' },
  editQueuedMessage: { fields: { ...thread, messageId: any, text: any }, why: 'queue' },
  removeQueuedMessage: { fields: { ...thread, messageId: any }, why: 'queue' },
  sendQueuedNow: { fields: { ...thread, messageId: any }, why: 'queue' },
  answerApproval: {
    fields: { ...thread, turnId: any, requestId: any, decision: approvalDecision },
    why: 'approve once or for this session, deny, answer questions and plans',
  },
  readApprovalFile: { fields: { ...thread, turnId: any, requestId: any }, why: 'an approval card shows its file' },
  getComposerCatalog: { fields: { threadId: any }, why: "the composer's commands and models" },
  searchProjectFiles: { fields: { threadId: any, query: any, limit: any }, why: "the composer's @ files" },
  prepareTurn: { fields: thread, why: 'the next turn starts sooner' },
  getChanges: { fields: thread, why: READ },
  getChangeDiff: { fields: { ...thread, path: any, oldPath: any }, why: READ },
  getPullRequestReadiness: { fields: thread, why: 'the landing actions offered' },
  draftCommitMessage: { fields: thread, why: 'landing: the commit message' },
  landThread: {
    fields: {
      ...thread,
      action: any,
      message: any,
      keepWorktree: any,
      force: notTrue('Landing with force is done at the computer.'),
      despiteSessions: notTrue('Landing while Claude Code sessions work in the worktree is done at the computer.'),
    },
    why: 'land without force',
  },
  getLandProgress: { fields: thread, why: 'landing' },
  stopLand: { fields: thread, why: 'landing' },
  getWorktreeStatus: { fields: thread, why: READ },
  getWindowState: { fields: 'none', why: 'the page opens where it was (it never saves the window state)' },
  listRecentProjects: { fields: 'none', why: 'a new thread picks a folder already recent' },
  getBoard: { fields: 'none', why: READ },
  listClaudeAgents: { fields: 'none', why: 'the board shows sessions running elsewhere' },
  getProjectUsage: {
    fields: { folders: any },
    why: "a project's heading on the board says its last 30 days (read only)",
  },
  listTurns: { fields: 'none', why: READ },
  dismissBoardRow: { fields: thread, why: 'the board' },
};

/** Events a device receives: the same deny-by-default (Settings, History, pairing and the desktop's menu stay home). */
export const DEVICE_EVENTS: Partial<Record<EventName, true>> = {
  turnEvent: true,
  threadsChanged: true,
  queueChanged: true,
  statusChanged: true,
  notice: true,
  changesChanged: true,
  connection: true,
  boardChanged: true,
  budgetsChanged: true,
};

export type GateVerdict = { ok: true; name: CallName; input: unknown } | { ok: false; message: string };

const REFUSED = 'Not available from a phone: do this at the computer.';

export function isDeviceCall(
  name: unknown,
  table: Partial<Record<CallName, CallRule>> = DEVICE_CALLS,
): name is CallName {
  return (
    typeof name === 'string' &&
    (CALL_NAMES as readonly string[]).includes(name) &&
    Object.prototype.hasOwnProperty.call(table, name)
  );
}

export function deviceMayReceive(event: EventName): boolean {
  return Object.prototype.hasOwnProperty.call(DEVICE_EVENTS, event);
}

/** One call from a device, judged: refused (with the sentence to show), or allowed with the input to dispatch. */
export async function gateDeviceCall(
  name: unknown,
  input: unknown,
  ctx: GateContext,
  table: Partial<Record<CallName, CallRule>> = DEVICE_CALLS,
): Promise<GateVerdict> {
  if (!isDeviceCall(name, table)) return { ok: false, message: REFUSED };
  const rule = table[name]!;
  if (rule.fields === 'none') {
    return input === undefined ? { ok: true, name, input } : { ok: false, message: `${name} takes no input.` };
  }
  if (input === undefined && rule.attach === undefined) return { ok: true, name, input }; // the schema decides
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    return { ok: false, message: REFUSED };
  const given = Object.fromEntries(
    Object.entries((input ?? {}) as Record<string, unknown>).filter(([key]) => key !== rule.attach),
  );
  for (const [key, value] of Object.entries(given)) {
    const check = Object.prototype.hasOwnProperty.call(rule.fields, key) ? rule.fields[key] : undefined;
    if (!check) return { ok: false, message: `Not available from a phone: ${name} with ${key}.` };
    const verdict = await check(value, given, ctx);
    if (verdict !== true) return { ok: false, message: verdict };
  }
  if (rule.attach) given[rule.attach] = ctx.device.id;
  return { ok: true, name, input: given };
}
