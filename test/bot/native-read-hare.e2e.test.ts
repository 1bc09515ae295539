/** The native read-through of hare in German, French and Spanish (test/bot/native-read.ts). */
import { NATIVE_GAMES, readThrough } from './native-read';

readThrough(NATIVE_GAMES['hare']!);
