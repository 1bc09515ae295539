import {
  carrotCount,
  count,
  explainTarget,
  finishLimit,
  legalActions,
  ordinal,
  squareLabel,
  type Action,
  type GameState,
  type RulesName,
  type TargetExplanation,
} from './rules/index';

/** A legal move target of the seat to act, with what it costs or earns. */
export interface TargetChoice {
  square: number;
  label: string;
  explanation: TargetExplanation;
}

function carrotText(carrots: number): string {
  if (carrots < 0) return `costs ${-carrots}`;
  if (carrots > 0) return `earns ${carrots}`;
  return 'free';
}

/** "finish", "carrot", "number 3". */
export function squareName(square: number): string {
  return square === 64 ? 'finish' : squareLabel(square);
}

/** "12 · number 3 · costs 21", "11 · tortoise (back) · earns 30". */
export function targetLabel(explanation: TargetExplanation, from: number): string {
  const back = explanation.square < from ? ' (back)' : '';
  return `${explanation.square} · ${squareName(explanation.square)}${back} · ${carrotText(explanation.carrots)}`;
}

/** The legal moves of the seat to act, nearest first. */
export function moveTargets(state: GameState): TargetChoice[] {
  const seat = state.seats[state.current];
  if (!seat) return [];
  return legalActions(state)
    .filter((action): action is Extract<Action, { type: 'move' }> => action.type === 'move')
    .map((action) => {
      const explanation = explainTarget(state, state.current, action.to);
      return { square: action.to, label: targetLabel(explanation, seat.position), explanation };
    })
    .sort(
      (a, b) =>
        Math.abs(a.square - seat.position) - Math.abs(b.square - seat.position) || a.square - b.square,
    );
}

/** A short button or menu label for an action. */
export function actionLabel(state: GameState, action: Action): string {
  const seat = state.seats[state.current];
  switch (action.type) {
    case 'move':
      return seat && action.to < seat.position
        ? `Back to tortoise square ${action.to} (+${carrotCount(10 * (seat.position - action.to))})`
        : `Move to square ${action.to}`;
    case 'eat':
      return 'Eat a lettuce';
    case 'carrots':
      return action.amount > 0 ? 'Take 10 carrots' : 'Pay 10 carrots';
    case 'skip':
      return 'Skip (no move possible)';
  }
}

/** The private summary of one seat: carrots, lettuces, and where it can go. */
export function handText(state: GameState, seatIndex: number): string {
  const seat = state.seats[seatIndex];
  if (!seat) return 'You have no runner in this game.';
  if (seat.place !== null) return `You finished ${ordinal(seat.place)}.`;
  const lines = [
    `You are ${seat.position === 0 ? 'at the start' : `on square ${seat.position} (${squareName(seat.position)})`}` +
      ` with **${carrotCount(seat.carrots)}** and **${count(seat.lettuces, 'lettuce')}**.`,
    `To finish you need 0 lettuces and at most ${carrotCount(finishLimit(state))} left after paying.`,
  ];
  if (state.current !== seatIndex) {
    lines.push('It is not your turn.');
    return lines.join('\n');
  }
  const others = legalActions(state).filter((a) => a.type !== 'move');
  const targets = moveTargets(state);
  if (others.length > 0) lines.push(`You can: ${others.map((a) => actionLabel(state, a)).join(', ')}.`);
  lines.push(
    targets.length > 0
      ? `Moves: ${targets
          .slice(0, 20)
          .map((t) => t.label)
          .join('; ')}${targets.length > 20 ? '; …' : ''}`
      : 'No move is possible.',
  );
  return lines.join('\n');
}

const COMMON_RULES = [
  'Race from the start to the finish (square 64). Moving forward n squares costs n(n+1)/2 carrots (1, 3, 6, 10, 15, …).',
  'You may not land on an occupied square or move forward onto a tortoise square. Moving **back** to the nearest free tortoise square earns 10 carrots per square.',
  'Carrot square: take or pay 10 carrots instead of moving. Lettuce square: you need a lettuce to land there; eating one earns 10 × your race position.',
  'Number squares (2, 3, 4, 1/5/6) pay 10 × your race position at the start of your turn if your position matches.',
];

const RULE_SET_TEXT: Record<RulesName, string[]> = {
  standard: [
    '**Standard rules** (the published game).',
    'Hare square: draw a hare card (lose half, free ride, restore 65, give 10, …).',
    'On a lettuce square you must eat on your next turn.',
    'Finish with 0 lettuces and at most 10 × your finishing place carrots (1st ≤ 10, 2nd ≤ 20, …). The game ends when one runner is left.',
    'Stuck with no legal move: back to the start with 65 carrots. Carrot counts are secret (use `/hare hand`).',
  ],
  classic: [
    '**Classic rules** (the 2007 course project).',
    'Hare square: roll a die; the result depends on your race position (miss a turn, back to carrot, drop back / move up, chew, last turn free, move again).',
    'On a lettuce square you may eat or move on.',
    'Finish with 0 lettuces and at most 20 carrots. The first runner home wins and ends the game.',
    'Stuck with no legal move: you skip the turn.',
  ],
};

export function rulesText(rules: RulesName): string {
  const [title, ...specific] = RULE_SET_TEXT[rules];
  return [title, ...COMMON_RULES, ...specific].map((line, i) => (i === 0 ? line : `• ${line}`)).join('\n');
}
