import { singleFlight } from '../single-flight';
import type { BridgeContext, BridgePart } from './part';

/** An open board reads its rows again after a change, one read in flight at a time however many changes come. */
export function boardPart({ on, s }: BridgeContext): BridgePart {
  const refreshBoard = singleFlight(() =>
    s().sidebarTab === 'board' || s().view === 'board' ? s().loadBoard() : undefined,
  );
  return { offs: [on('boardChanged', refreshBoard)], resync: refreshBoard, refocus: refreshBoard };
}
