/** The window: its saved place, links, the folder picker, opening files, the log; the menu's commands, the link. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import { windowKeySchema, windowStatePatchSchema, type WindowState } from '../window-state';
import type { WindowCallName } from './window-names';

export const windowCalls = {
  /** A window's place (open thread, panes, scroll, drafts, sidebar), so a reload or restart resumes it. */
  getWindowState: call<WindowState>()(z.object({ window: windowKeySchema }).strict().optional()),
  /** A patch of a window's place; the host coalesces the writes (drafts change on every keystroke). */
  saveWindowState: call<null>()(windowStatePatchSchema),
  /** The desktop app: a window of its own for a thread (null: the thread list's last place), opened again at start. */
  openWindow: call<null>()(z.object({ threadId: z.string().min(1).max(200).nullable() }).strict()),
  openExternal: call<null>()(z.object({ url: z.string().url().max(4096) }).strict()),
  /** The native folder picker (desktop app only); null when the user cancels. */
  chooseFolder: call<string | null>()(
    z
      .object({ title: z.string().max(200).optional() })
      .strict()
      .optional(),
  ),
  /** Open a file a tool card names in the OS's editor (desktop app only; checked in app/window/open-file.ts). */
  openFile: call<null>()(z.object({ path: z.string().min(1).max(4096) }).strict()),
  /** Show the log file in the system file manager (desktop app only). */
  revealLogFile: call<null>()(z.undefined()),
} satisfies CallsOf<WindowCallName>;

export type ConnectionState = 'online' | 'reconnecting' | 'refused';

export interface WindowEvents {
  /** App-menu commands forwarded to the renderer (it owns the same keyboard shortcuts). */
  command: { command: 'new-thread' | 'open-settings' | 'toggle-sidebar' };
  /**
   * The client's own link to its host, told by browser mode's WebSocket client (the Electron host never
   * sends it). `online` comes on every (re)connect: after the first one, events may have been missed.
   */
  connection: { state: ConnectionState };
}
