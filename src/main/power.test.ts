import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

// A powerMonitor that a test switches: battery and thermal state, and its events.
const monitor = vi.hoisted(() => ({ battery: false, thermal: 'nominal' }));
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const emitter = new Emitter();
  return {
    powerMonitor: Object.assign(emitter, {
      isOnBatteryPower: () => monitor.battery,
      getCurrentThermalState: () => monitor.thermal,
    }),
  };
});
const { powerMonitor } = (await import('electron')) as unknown as { powerMonitor: EventEmitter };
const { savingPower, watchPowerSaving } = await import('./power');

describe('power saving (Electron powerMonitor)', () => {
  it('saves power on battery or when hot, not on mains at a normal temperature', () => {
    expect(savingPower()).toBe(false);
    monitor.battery = true;
    expect(savingPower()).toBe(true);
    monitor.battery = false;
    monitor.thermal = 'serious';
    expect(savingPower()).toBe(true);
    monitor.thermal = 'nominal';
  });

  it('calls back when the machine goes on battery or gets hot, and stops when unsubscribed', () => {
    const onSave = vi.fn();
    const stop = watchPowerSaving(onSave);
    powerMonitor.emit('on-battery');
    powerMonitor.emit('thermal-state-change', { state: 'fair' });
    powerMonitor.emit('thermal-state-change', { state: 'critical' });
    expect(onSave).toHaveBeenCalledTimes(2);
    stop();
    powerMonitor.emit('on-battery');
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(powerMonitor.listenerCount('on-battery')).toBe(0);
  });
});
