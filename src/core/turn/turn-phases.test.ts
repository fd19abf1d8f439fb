import { describe, expect, it } from 'vitest';
import { TURN_PHASES, type TurnPhase, type TurnPhaseChange, TurnPhases, isLegalTransition } from './turn-phases';

function machine() {
  let clock = 1000;
  const changes: TurnPhaseChange[] = [];
  const phases = new TurnPhases({ now: () => clock++ });
  phases.subscribe((c) => changes.push(c));
  return { phases, changes };
}

describe('TurnPhases: the allowed transitions', () => {
  const legal: [TurnPhase, TurnPhase][] = [
    ['queued', 'preparing'],
    ['queued', 'closing'],
    ['preparing', 'running'],
    ['preparing', 'closing'],
    ['running', 'answered'],
    ['running', 'closing'],
    ['answered', 'closing'],
    ['closing', 'closed'],
    ['closing', 'failed'],
    ['closing', 'stopped'],
  ];

  it('allows exactly the listed steps', () => {
    for (const from of TURN_PHASES)
      for (const to of TURN_PHASES) {
        const expected = legal.some(([f, t]) => f === from && t === to);
        expect(isLegalTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
  });

  it('a whole answer: every phase in order, each change with its thread, turn, previous phase and time', () => {
    const { phases, changes } = machine();
    phases.begin('t', 'a');
    phases.advance('a', 'preparing');
    phases.advance('a', 'running');
    phases.advance('a', 'answered');
    phases.close('a', 'done');
    phases.end('a');
    expect(changes.map((c) => [c.phase, c.previous])).toEqual([
      ['queued', undefined],
      ['preparing', 'queued'],
      ['running', 'preparing'],
      ['answered', 'running'],
      ['closing', 'answered'],
      ['closed', 'closing'],
    ]);
    expect(changes.every((c) => c.threadId === 't' && c.turnId === 'a')).toBe(true);
    expect(changes.map((c) => c.at)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
    expect(changes.at(-1)?.outcome).toBe('done');
    expect(phases.live()).toEqual([]); // dropped once over
  });

  it('ends failed or stopped by the outcome `finished` gave, from any phase before closing', () => {
    const { phases, changes } = machine();
    phases.begin('t', 'queued-stop');
    phases.close('queued-stop', 'stopped');
    phases.end('queued-stop');
    phases.begin('t', 'setup-failed');
    phases.advance('setup-failed', 'preparing');
    phases.close('setup-failed', 'failed');
    phases.end('setup-failed');
    phases.begin('t', 'crashed');
    phases.advance('crashed', 'preparing');
    phases.advance('crashed', 'running');
    phases.close('crashed', 'failed');
    phases.end('crashed');
    expect(changes.filter((c) => c.previous === 'closing').map((c) => [c.turnId, c.phase])).toEqual([
      ['queued-stop', 'stopped'],
      ['setup-failed', 'failed'],
      ['crashed', 'failed'],
    ]);
  });

  it('an illegal transition throws by default and changes nothing; with onIllegal it is reported and refused', () => {
    const { phases, changes } = machine();
    phases.begin('t', 'a');
    expect(() => phases.advance('a', 'running')).toThrow(/from queued to running/);
    expect(() => phases.end('a')).toThrow(/from queued to failed/);
    expect(() => phases.advance('gone', 'preparing')).toThrow(/not live/);
    expect(() => phases.begin('t', 'a')).toThrow(/began twice/);
    expect(phases.phase('a')).toBe('queued');
    expect(changes).toHaveLength(1);

    const reported: string[] = [];
    const lenient = new TurnPhases({ onIllegal: (m) => reported.push(m) });
    lenient.begin('t', 'b');
    lenient.advance('b', 'preparing');
    expect(lenient.advance('b', 'answered')).toBe(false);
    expect(lenient.phase('b')).toBe('preparing');
    expect(reported).toEqual(['illegal turn phase transition: turn b cannot move from preparing to answered']);
  });

  it('a listener that throws is logged; the others still get the change', () => {
    const logged: string[] = [];
    const phases = new TurnPhases({ log: (m) => logged.push(m) });
    const seen: string[] = [];
    phases.subscribe(() => {
      throw new Error('boom');
    });
    const unsubscribe = phases.subscribe((c) => seen.push(c.phase));
    phases.begin('t', 'a');
    unsubscribe();
    phases.advance('a', 'preparing');
    expect(seen).toEqual(['queued']);
    expect(logged).toEqual(['a turn phase listener threw: boom', 'a turn phase listener threw: boom']);
  });
});

describe('TurnPhases: the predicates derived from the phases', () => {
  it('busy from queued to closing; answering until `finished`; before the answer until answered', () => {
    const { phases } = machine();
    const seen = () => [phases.isBusy('t'), phases.isAnswering('t'), phases.isBeforeAnswer('t')];
    expect(seen()).toEqual([false, false, false]);
    phases.begin('t', 'a');
    expect(seen()).toEqual([true, true, true]);
    phases.advance('a', 'preparing');
    phases.advance('a', 'running');
    expect(seen()).toEqual([true, true, true]);
    phases.advance('a', 'answered');
    expect(seen()).toEqual([true, true, false]);
    phases.close('a', 'done');
    expect(seen()).toEqual([true, false, false]); // still closing: busy, but its `finished` has passed
    phases.end('a');
    expect(seen()).toEqual([false, false, false]);
    expect(phases.isBusy('other')).toBe(false);
  });

  it('ended() resolves when the turn is over, and at once for one that is not live', async () => {
    const { phases } = machine();
    await expect(phases.ended('unknown')).resolves.toBeUndefined();
    phases.begin('t', 'a');
    let over = false;
    const ended = phases.ended('a').then(() => (over = true));
    phases.close('a', 'stopped');
    await Promise.resolve();
    expect(over).toBe(false);
    phases.end('a');
    await ended;
    expect(over).toBe(true);
  });

  it('live() lists the turns of a thread, oldest first, as copies', () => {
    const { phases } = machine();
    phases.begin('t', 'a');
    phases.begin('u', 'b');
    phases.begin('t', 'c');
    expect(phases.live('t').map((r) => r.turnId)).toEqual(['a', 'c']);
    phases.live('t')[0]!.phase = 'closed';
    expect(phases.phase('a')).toBe('queued');
  });
});
