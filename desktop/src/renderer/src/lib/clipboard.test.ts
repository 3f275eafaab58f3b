import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KafueBridge } from '../../../shared/bridge';
import { copyText } from './clipboard';

const g = globalThis as unknown as { window?: { kafue?: Partial<KafueBridge> }; navigator: Navigator };

afterEach(() => {
  delete g.window;
  vi.unstubAllGlobals();
});

describe('copyText', () => {
  it('asks the desktop app to copy, since its pages have no clipboard permission', async () => {
    const bridgeCopy = vi.fn(async () => undefined);
    const browserCopy = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText: browserCopy } });
    g.window = { kafue: { copyText: bridgeCopy } };
    await copyText('one-time');
    expect(bridgeCopy).toHaveBeenCalledWith('one-time');
    expect(browserCopy).not.toHaveBeenCalled();
  });

  it('uses the browser clipboard on the web', async () => {
    const browserCopy = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText: browserCopy } });
    g.window = {};
    await copyText('one-time');
    expect(browserCopy).toHaveBeenCalledWith('one-time');
  });
});
