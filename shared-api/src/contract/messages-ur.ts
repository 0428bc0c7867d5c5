/**
 * MESSAGES in Urdu, key for key (docs/architecture.md, Languages): the server answers with these
 * when a request's Accept-Language asks for Urdu, and the screens show them when Urdu is chosen.
 * TypeScript holds the keys to MESSAGES' own; the catalogue check holds the texts to be Urdu.
 */
import type { MESSAGES } from './messages';

export const MESSAGES_UR: { readonly [Key in keyof typeof MESSAGES]: string } = {
  // placeholder until translated: English copies are refused by the catalogue check
} as { readonly [Key in keyof typeof MESSAGES]: string };
