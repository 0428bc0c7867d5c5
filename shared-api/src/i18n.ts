/**
 * The language of every screen (docs/architecture.md, Languages): one Lingui instance and one
 * locale store, shared as part of shared-api by the shell and every remote, so a switch anywhere
 * changes every area at once.
 *
 * Each app keeps its catalogue in `src/locales/en.json` and `src/locales/ur.json` under a
 * namespace of its own (the keys start with it: `shell.`, `admin.`, `agent.`, `manager.`, `ui.`).
 * English comes with the app's code (the first paint never waits for it); Urdu is loaded when
 * it is chosen. Messages are ICU MessageFormat; production builds compile them
 * (scripts/i18n-catalogues.ts), the dev server and the tests compile them as they are read.
 *
 * The contract's MESSAGES are translated by their English text (`translateMessage`): a refusal
 * from the server already comes in the request's language (`Accept-Language`), and a sentence of
 * MESSAGES a screen shows (a form's rule, a fallback) comes out in the chosen one.
 */
import { type Messages, setupI18n } from '@lingui/core';
import { create } from 'zustand';
import { MESSAGES } from './contract/messages';

export const LOCALES = ['en', 'ur'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ur';
}

/** The locale `Intl` formats dates, numbers and money with. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', ur: 'ur-PK' };
export const DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', ur: 'rtl' };
/** Each language's name in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ur: 'اردو' };

/** The device's choice before sign-in (and the last one made on it). */
export const LOCALE_STORAGE_KEY = 'locale';

/** An app's catalogue: English with its code, Urdu when chosen. */
export interface CatalogueSource {
  en: Messages;
  ur: () => Promise<{ default: Messages }>;
}

export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { en: {} } });

interface LocaleState {
  /** the language every screen shows */
  locale: Locale;
  /** bumped when a catalogue arrives, so screens that use it render again */
  revision: number;
}

export const useLocaleStore = create<LocaleState>()(() => ({ locale: DEFAULT_LOCALE, revision: 0 }));

const sources = new Map<string, CatalogueSource>();
/** namespace -> the locales whose catalogue is loaded */
const loaded = new Map<string, Set<Locale>>();
let urMessages: Record<string, string> | undefined;

async function loadNamespace(namespace: string, locale: Locale): Promise<void> {
  const done = loaded.get(namespace) ?? new Set<Locale>();
  loaded.set(namespace, done);
  if (done.has(locale)) return;
  const source = sources.get(namespace);
  if (!source) return;
  const messages = locale === 'en' ? source.en : (await source.ur()).default;
  i18n.load(locale, messages);
  done.add(locale);
}

/** English -> Urdu for the sentences of MESSAGES (and nothing else). */
let urByEnglish: Map<string, string> | undefined;

async function loadContractMessages(locale: Locale): Promise<void> {
  if (locale !== 'ur' || urMessages) return;
  const { MESSAGES_UR } = await import('./contract/messages-ur');
  urMessages = MESSAGES_UR;
  urByEnglish = new Map(
    Object.entries(MESSAGES).map(([key, english]) => [
      english,
      (MESSAGES_UR as Record<string, string>)[key] ?? english,
    ]),
  );
}

/**
 * An app's catalogue (call once, at the app's entry, before it renders). English is there at
 * once; when another language is on, it loads and the screens render again.
 */
export function registerCatalogue(namespace: string, source: CatalogueSource): void {
  if (sources.has(namespace)) return;
  sources.set(namespace, source);
  void loadNamespace(namespace, 'en');
  const { locale } = useLocaleStore.getState();
  if (locale !== 'en') {
    loadNamespace(namespace, locale).then(
      () => useLocaleStore.setState((state) => ({ revision: state.revision + 1 })),
      () => {
        // no connection for the catalogue: the area shows English until the next switch
      },
    );
  }
}

/** True when the namespace's catalogue for the current language is loaded (an area waits for it). */
export function catalogueReady(namespace: string): boolean {
  const { locale } = useLocaleStore.getState();
  return loaded.get(namespace)?.has(locale) ?? false;
}

/** Writes `lang` and `dir` on the document (the browser and assistive technology read them). */
function applyToDocument(locale: Locale): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = locale;
  root.dir = DIRECTION[locale];
}

function rememberOnDevice(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage unavailable: the choice lasts for this page
  }
}

/** What a first visit shows: the device's last choice, else the browser's language. */
export function initialLocale(): Locale {
  try {
    const kept = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(kept)) return kept;
  } catch {
    // storage unavailable
  }
  const languages = globalThis.navigator?.languages ?? [];
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

let switching: Promise<void> = Promise.resolve();

/**
 * Shows every screen in `locale`: loads the catalogues it needs, then switches (screens never
 * show keys half-way). Remembered on the device; the account's copy is the caller's to save
 * (shared-api's `saveLocale`). Rejects when a catalogue cannot be loaded (the language stays).
 */
export function setLocale(locale: Locale): Promise<void> {
  const next = switching.then(async () => {
    await Promise.all([
      ...[...sources.keys()].map((namespace) => loadNamespace(namespace, locale)),
      loadContractMessages(locale),
    ]);
    i18n.activate(locale);
    applyToDocument(locale);
    rememberOnDevice(locale);
    useLocaleStore.setState((state) => ({ locale, revision: state.revision + 1 }));
  });
  switching = next.catch(() => {});
  return next;
}

export type TranslateValues = Record<string, unknown>;
export type Translate<Key extends string = string> = (id: Key, values?: TranslateValues) => string;

/** The current language's text for `id` (outside React: toasts, mutation callbacks). */
export const translate: Translate = (id, values) => i18n._(id, values);

/**
 * A screen's translator: renders again when the language changes or a catalogue arrives.
 * Each app narrows the key type to its own catalogue's keys (`useT` in its `src/i18n.ts`).
 */
export function useTranslate<Key extends string = string>(): Translate<Key> {
  useLocaleStore((state) => state.revision);
  return translate;
}

/**
 * An area's root waits on this: true once its catalogue for the current language is loaded
 * (at once for English), rendering again when it arrives.
 */
export function useCatalogueReady(namespace: string): boolean {
  useLocaleStore((state) => state.revision);
  return catalogueReady(namespace);
}

/**
 * A number, id, email, phone number, IBAN or amount put into a sentence: in a right-to-left
 * language it is isolated left to right (Unicode's LRI ... PDI), so "PKR 1,200" or an order
 * number never comes out reversed inside Urdu; in English it is the value as it is.
 * In JSX, `<bdi dir="ltr">` does the same.
 */
export function ltr(value: string | number): string {
  return DIRECTION[useLocaleStore.getState().locale] === 'rtl' ? `\u2066${value}\u2069` : String(value);
}

/** The current language (for `Intl`, `dir`, the switch). */
export function useLocale(): Locale {
  return useLocaleStore((state) => state.locale);
}

/** `Intl`'s locale for the current language ('en-US' or 'ur-PK'). */
export function intlLocale(): string {
  return INTL_LOCALE[useLocaleStore.getState().locale];
}

/**
 * A sentence of the contract's MESSAGES in the current language (any other text as it is: a
 * server's refusal comes already translated).
 */
export function translateMessage(text: string): string {
  if (useLocaleStore.getState().locale !== 'ur') return text;
  return urByEnglish?.get(text) ?? text;
}

/** The contract's MESSAGES in the current language, as an object with the same keys. */
export function messagesFor(locale: Locale): typeof MESSAGES {
  return locale === 'ur' && urMessages ? (urMessages as typeof MESSAGES) : MESSAGES;
}

/** `messagesFor` the current language, rendering again when it changes. */
export function useMessages(): typeof MESSAGES {
  return messagesFor(useLocale());
}
