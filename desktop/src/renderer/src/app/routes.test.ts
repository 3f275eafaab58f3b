import { describe, expect, it } from 'vitest';
import { consoleScreens, outsideScreens, settingsBase } from './routes';

// App.tsx routes each screen by its path relative to its group's base, so the table must hold to these.
describe('the console route table', () => {
  it('puts each screen one step below its group', () => {
    for (const s of consoleScreens) {
      const base = s.group === 'settings' ? settingsBase : '/admin';
      expect(s.to, s.id).toMatch(new RegExp(`^${base}/[a-z0-9-]+$`));
    }
  });
  it('names each screen and path once', () => {
    expect(new Set(consoleScreens.map((s) => s.id)).size).toBe(consoleScreens.length);
    expect(new Set(consoleScreens.map((s) => s.to)).size).toBe(consoleScreens.length);
  });
  it('keeps the sign-in screens and the staff portal out of /admin, each once', () => {
    for (const s of outsideScreens) expect(s.to, s.id).toMatch(/^\/(?!admin\/)[a-z0-9/-]+$/);
    const all = [...consoleScreens, ...outsideScreens];
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.to)).size).toBe(all.length);
  });
});
