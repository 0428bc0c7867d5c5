import { liveAlertAnnouncement, OFFLINE_MESSAGES, PASSWORD_RESET_MESSAGES } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import ur from './ur.json';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

describe("the shell's catalogue", () => {
  it('has every key in both languages, with the same placeholders, and Urdu written in Urdu', () => {
    expect(Object.keys(ur).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const urdu = (ur as Record<string, string>)[key] ?? '';
      expect(placeholders(urdu), key).toEqual(placeholders(english));
      expect(urdu, key).toMatch(/[\u0600-\u06ff]/);
      expect(key.startsWith('shell.'), key).toBe(true);
    }
  });

  it("keeps the contract's wording where it shows a sentence the contract has outside MESSAGES", () => {
    expect(en['shell.layout.offline']).toBe(OFFLINE_MESSAGES.offline);
    expect(en['shell.layout.newAlert'].replace('{message}', 'x')).toBe(liveAlertAnnouncement('x'));
    expect(en['shell.forgot.contactAdmin']).toBe(PASSWORD_RESET_MESSAGES.contactAdmin);
    expect(en['shell.forgot.contactAdminWithoutNumber']).toBe(PASSWORD_RESET_MESSAGES.contactAdminWithoutNumber);
    expect(en['shell.forgot.failed']).toBe(PASSWORD_RESET_MESSAGES.forgotFailed);
    expect(en['shell.reset.linkIncomplete']).toBe(PASSWORD_RESET_MESSAGES.linkIncomplete);
    expect(en['shell.reset.failed']).toBe(PASSWORD_RESET_MESSAGES.resetFailed);
  });
});
