/** The native read-through of candyland in German, French and Spanish (test/bot/native-read.ts). */
import { NATIVE_GAMES, readThrough } from './native-read';

readThrough(NATIVE_GAMES['candyland']!);
