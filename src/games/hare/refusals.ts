/**
 * Why an action is not allowed, in the player's language. The rules give their reasons in English (the
 * platform says them after "Not allowed: "); in another language a play command refuses the action itself,
 * with the same reason told from the verdict's code and the state.
 */
import type { Language } from '../../i18n/index';
import {
  actionVerdict,
  finishLimit,
  moveCost,
  tortoiseBehind,
  type Action,
  type GameState,
  type IllegalCode,
} from './rules/index';
import { hareWords } from './hare-words';

/** The reason, as the rules write it in English, for `code` of `action` by the seat to act. */
export function illegalReason(
  state: GameState,
  action: Action,
  code: IllegalCode,
  language?: Language,
): string {
  const words = hareWords(language);
  const { t } = words;
  const seat = state.seats[state.current]!;
  const to = action.type === 'move' ? action.to : seat.position;
  const cost = to > seat.position ? moveCost(to - seat.position) : 0;
  switch (code) {
    case 'off_board':
      return Number.isInteger(to) ? t('illegal.off_board', { square: to }) : t('illegal.off_board_number');
    case 'same_square':
    case 'occupied':
      return t(`illegal.${code}`, { square: to });
    case 'not_nearest_tortoise':
      return t('illegal.not_nearest_tortoise', { square: tortoiseBehind(seat.position) ?? 0 });
    case 'no_lettuce':
      return t(action.type === 'move' ? 'illegal.no_lettuce_there' : 'illegal.no_lettuce');
    case 'not_enough_carrots':
      return t('illegal.not_enough_carrots', {
        square: to,
        cost: words.carrots(cost),
        carrots: seat.carrots,
      });
    case 'finish_lettuces':
      return t('illegal.finish_lettuces', { lettuces: seat.lettuces });
    case 'finish_too_many_carrots': {
      const values = { limit: finishLimit(state), carrots: seat.carrots - cost };
      return state.rules === 'standard'
        ? t('illegal.finish_too_many_carrots_place', {
            ...values,
            place: words.ordinal(state.finishOrder.length + 1),
          })
        : t('illegal.finish_too_many_carrots', values);
    }
    case 'cannot_pay':
      return t('illegal.cannot_pay', { carrots: seat.carrots });
    default:
      return t(`illegal.${code}`);
  }
}

/**
 * The refusal of `action` by `seat` in `language`, or null: when the action is allowed, when it is not the
 * seat's turn (the platform says so), and in English, where the platform words the rules' own reason.
 */
export function refusalIn(
  state: GameState,
  seat: number,
  action: Action,
  language: Language | undefined,
): { error: string } | null {
  if (language === undefined || language === 'en' || state.over || seat !== state.current) return null;
  const verdict = actionVerdict(state, action);
  if (verdict.legal) return null;
  const reason = illegalReason(state, action, verdict.code, language);
  return { error: hareWords(language).t('illegal.notAllowed', { reason }) };
}
