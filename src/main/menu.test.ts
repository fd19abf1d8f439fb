import { describe, expect, it, vi } from 'vitest';
import { electronMock } from '../../test/fixtures/electron-mock';

vi.mock('electron', () => electronMock());
const { buildMenuTemplate } = await import('./menu');

describe('app menu', () => {
  it('has an Edit menu (copy/paste on macOS) and New Thread / Settings commands', () => {
    const send = vi.fn();
    const mac = buildMenuTemplate({ isMac: true, appName: 'Claude Desk', send, newWindow: vi.fn() });
    expect(mac.some((m) => m.role === 'editMenu')).toBe(true);
    const settings = (mac[0]!.submenu as { label?: string; accelerator?: string; click?: () => void }[]).find(
      (i) => i.label === 'Settings…',
    )!;
    expect(settings.accelerator).toBe('Cmd+,');
    settings.click!();
    expect(send).toHaveBeenCalledWith('open-settings');
    const newWindow = vi.fn();
    const other = buildMenuTemplate({ isMac: false, appName: 'Claude Desk', send, newWindow });
    const file = other.find((m) => m.label === 'File')!.submenu as { label?: string; click?: () => void }[];
    file.find((i) => i.label === 'New Thread')!.click!();
    expect(send).toHaveBeenCalledWith('new-thread');
    file.find((i) => i.label === 'New Window')!.click!();
    expect(newWindow).toHaveBeenCalledTimes(1);
  });
});
