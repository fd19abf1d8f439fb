import { powerMonitor } from 'electron';

const HOT = new Set(['serious', 'critical']);

/** On battery or running hot: no CLI process (~200 MB each) waits for a next turn, none is pre-warmed. */
export function savingPower(): boolean {
  return powerMonitor.isOnBatteryPower() || HOT.has(powerMonitor.getCurrentThermalState());
}

/**
 * Calls `onSave` when the machine goes on battery or gets hot, so what waits is closed then rather than at the next
 * turn. Returns the unsubscribe.
 */
export function watchPowerSaving(onSave: () => void): () => void {
  const onThermal = (details: { state?: string }) => {
    if (HOT.has(details.state ?? '')) onSave();
  };
  powerMonitor.on('on-battery', onSave);
  powerMonitor.on('thermal-state-change', onThermal);
  return () => {
    powerMonitor.off('on-battery', onSave);
    powerMonitor.off('thermal-state-change', onThermal);
  };
}
