import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kafue/common/contract';
import { auditActions, auditContentResources, auditKinds } from '@kafue/common/schemas';
import { auditSentence, detailSentences, groupEntries, targetWords, valueWords } from './auditSentence';

const mary = { kind: 'admin' as const, _id: 'a1', name: 'Mary Banda', email: 'mary@kafue.test' };

function entry(action: string, more: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: crypto.randomUUID(),
    at: '2026-11-24T10:00:00.000Z',
    actor: mary,
    action,
    target: { type: action.split('.')[0], _id: 't1', label: 'Website Creation', name: null },
    changes: {},
    address: '127.0.0.1',
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ...more,
  };
}

/** What the server writes with each action, as far as its sentence reads it. */
function written(action: string): AuditEntry {
  // Content without its title: the sentence names what it is (the service, the FAQ...).
  if ((auditContentResources as readonly string[]).includes(action.split('.')[0]))
    return entry(action, {
      target: { type: action.split('.')[0], _id: 't1', label: null, name: null },
      changes: action.endsWith('.update') ? { price: { old: '$1', new: '$2' } } : {},
    });
  if (action.endsWith('.signin_failed'))
    return entry(action, {
      actor: null,
      target: { type: 'admin', _id: null, label: 'owner@kafue.test', name: null },
      changes: { reason: { new: 'wrong_credentials' } },
    });
  if (action.endsWith('.update')) return entry(action, { changes: { price: { old: '$499', new: '$549' } } });
  if (action === 'audit.purge')
    return entry(action, {
      actor: { kind: 'system', _id: null, name: 'system', email: null },
      target: { type: 'audit', _id: null, label: 'older than 365 days', name: null },
      changes: { deletedRows: { old: 12, new: 0 } },
    });
  if (action === 'password.reset_request' || action === 'enquiry.create') return entry(action, { actor: null });
  return entry(action);
}

describe('the audit log in sentences', () => {
  it.each(auditActions)('%s reads as a sentence without the technical name', (action) => {
    const text = auditSentence(written(action));
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(text).not.toContain(action);
    expect(text).not.toMatch(/undefined|null|\[object|did "|_/);
  });

  it('every action the server writes has its own sentence', () => {
    const sentences = new Set(auditActions.map((a) => auditSentence(written(a))));
    expect(sentences.size).toBe(auditActions.length);
  });

  it('names who accepted a quote on its page, by the name they gave', () => {
    expect(
      auditSentence(
        entry('quote.accept', {
          actor: null,
          target: { type: 'quote', _id: 'q', label: 'Q-2026-0001', name: null },
          changes: { acceptedName: { new: 'Chanda Mwale' } },
        }),
      ),
    ).toBe('Chanda Mwale accepted the quote Q-2026-0001.');
  });

  it('names a price change with its old and new price', () => {
    expect(auditSentence(entry('service.update', { changes: { price: { old: '$499', new: '$549' }, position: { old: 1, new: 2 } } }))).toBe(
      'Mary Banda changed the price of Website Creation from $499 to $549.',
    );
    expect(
      auditSentence(entry('service.update', { changes: { price: { old: '$1', new: '$2' }, description: { old: 'a', new: 'b' } } })),
    ).toBe('Mary Banda changed the price and description of Website Creation.');
    expect(
      auditSentence(
        entry('settings.update', {
          target: { type: 'settings', _id: 'general', label: 'General', name: null },
          changes: { siteName: { old: '', new: 'Kafue' } },
        }),
      ),
    ).toBe('Mary Banda changed the site name in the General settings from nothing to Kafue.');
    expect(
      auditSentence(
        entry('settings.update', {
          target: { type: 'settings', _id: 'company', label: 'Company', name: null },
          changes: { phone: { old: '+260 97 000 0000', new: '+260 97 111 2222' } },
        }),
      ),
    ).toBe('Mary Banda changed the phone of the company profile from +260 97 000 0000 to +260 97 111 2222.');
    expect(
      auditSentence(
        entry('settings.update', {
          target: { type: 'settings', _id: 'replyTargets', label: 'Reply targets', name: null },
          changes: { maxHours: { old: 4, new: 3 } },
        }),
      ),
    ).toBe('Mary Banda changed the max hours of the reply targets from 4 to 3.');
    expect(
      auditSentence(
        entry('enquiry.stage', {
          target: { type: 'enquiry', _id: 'e1', label: 'Jane Phiri', name: null },
          changes: {
            stage: { old: 'quoted', new: 'lost' },
            lostReason: { old: null, new: 'price' },
            status: { old: 'Open', new: 'Closed' },
          },
        }),
      ),
    ).toBe('Mary Banda moved the enquiry from Jane Phiri to Lost (Price).');
    expect(
      auditSentence(
        entry('settings.update', {
          target: { type: 'settings', _id: 'hero', label: 'Home page video', name: null },
          changes: { videoUrl: { old: 'https://videos.example/a.mp4', new: '/media/hero.mp4' } },
        }),
      ),
    ).toBe('Mary Banda changed the video address of the home page from https://videos.example/a.mp4 to /media/hero.mp4.');
    expect(
      auditSentence(
        entry('announcement.send', {
          target: { type: 'staff', _id: null, label: 'Office closed Friday', name: null },
          changes: { recipients: { old: null, new: 4 } },
        }),
      ),
    ).toBe('Mary Banda sent the announcement "Office closed Friday" to 4 staff members.');
  });

  it('says what a scheduled change will do and when, and who set a change the scheduler applied, late or not', () => {
    const changes = { scheduledFor: { new: '2026-11-30T22:00:00.000Z' }, scheduledAction: { new: 'apply' }, price: { new: '$549' } };
    expect(auditSentence(entry('service.schedule', { changes }))).toBe(
      'Mary Banda scheduled new values of the price of Website Creation for 2026-11-30 22:00 UTC.',
    );
    expect(auditSentence(entry('faq.schedule', { changes: { ...changes, scheduledAction: { new: 'unpublish' }, price: {} } }))).toBe(
      'Mary Banda scheduled Website Creation to be unpublished at 2026-11-30 22:00 UTC.',
    );
    expect(auditSentence(entry('service.schedule_cancel'))).toBe('Mary Banda cancelled the change scheduled for Website Creation.');
    const scheduler = { kind: 'system' as const, _id: null, name: 'scheduler', email: null };
    const applied = (schedule: object) =>
      auditSentence(
        entry('service.update', {
          actor: scheduler,
          changes: {
            price: { old: '$499', new: '$549' },
            schedule: { new: { at: '2026-11-30T22:00:00.000Z', by: 'Mary Banda', ...schedule } },
          },
        }),
      );
    expect(applied({})).toBe(
      'The scheduler changed the price of Website Creation from $499 to $549, as Mary Banda scheduled for 2026-11-30 22:00 UTC.',
    );
    expect(applied({ lateSeconds: 420, atStart: true })).toBe(
      'The scheduler changed the price of Website Creation from $499 to $549, as Mary Banda scheduled for 2026-11-30 22:00 UTC' +
        ' (7 minutes late: the server was not running then, and did it when it started).',
    );
    expect(applied({ lateSeconds: 3, atStart: false })).toMatch(/22:00 UTC \(3 seconds late\)\.$/);
  });

  it('names the enquirer of a reply or a contact, with the subject or the channel', () => {
    const target = { type: 'enquiry', _id: 'e1', label: 'Mwila Tembo', name: null };
    expect(auditSentence(entry('enquiry.reply', { target, changes: { subject: { new: 'Your quote' } } }))).toBe(
      'Mary Banda replied to the enquiry from Mwila Tembo ("Your quote").',
    );
    expect(auditSentence(entry('enquiry.contact', { target, changes: { channel: { new: 'phone' }, note: { new: '' } } }))).toBe(
      'Mary Banda logged a contact (phone call) with Mwila Tembo.',
    );
  });

  it('says "another stage", no reason and no channel for values it has no words for, even the names every object has', () => {
    const target = { type: 'enquiry', _id: 'e1', label: 'Mwila Tembo', name: null };
    const odd = { stage: { new: 'toString' }, lostReason: { new: 'constructor' } };
    expect(auditSentence(entry('enquiry.stage', { target, changes: odd }))).toBe(
      'Mary Banda moved the enquiry from Mwila Tembo to another stage.',
    );
    expect(auditSentence(entry('enquiry.contact', { target, changes: { channel: { new: 'hasOwnProperty' } } }))).toBe(
      'Mary Banda logged a contact with Mwila Tembo.',
    );
  });

  it('says who tried to sign in, how, and how many times; secrets stay unsaid', () => {
    const failed = entry('admin.signin_failed', {
      actor: null,
      target: { type: 'admin', _id: null, label: 'owner@kafue.test', name: null },
      changes: { reason: { new: 'wrong_credentials' } },
    });
    expect(auditSentence(failed, 3)).toBe('Someone tried to sign in as owner@kafue.test with a wrong password, 3 times.');
    expect(auditSentence({ ...failed, action: 'staff.signin_failed', changes: { reason: { new: 'suspended' } } })).toBe(
      'Someone tried to sign in to the staff portal as owner@kafue.test but the account is suspended.',
    );
    expect(
      auditSentence(
        entry('admin.update', {
          target: { type: 'admin', _id: 'x', label: 'x@kafue.test', name: null },
          changes: { password: { old: '[redacted]', new: '[redacted]' } },
        }),
      ),
    ).toBe('Mary Banda changed the password of the admin x@kafue.test.');
  });

  it('names the system and the command line, and says an unknown action plainly', () => {
    expect(
      auditSentence(
        entry('admin.create', {
          actor: { kind: 'system', _id: null, name: 'command line', email: null },
          target: { type: 'admin', _id: 'x', label: 'x@kafue.test', name: null },
        }),
      ),
    ).toBe("An administrator at the server's command line added the admin x@kafue.test.");
    expect(auditSentence(written('audit.purge'))).toBe('The system deleted 12 audit entries older than 365 days.');
    expect(auditSentence(entry('newthing.happen'))).toBe('Mary Banda did "newthing.happen" on Website Creation.');
  });

  it('groups failed sign-ins one after another for the same account, address and reason', () => {
    const failed = (label: string, address = '10.0.0.1') =>
      written('admin.signin_failed') && {
        ...written('admin.signin_failed'),
        target: { type: 'admin', _id: null, label, name: null },
        address,
      };
    const signIn = entry('admin.signin');
    const rows = groupEntries([
      failed('a@x'),
      failed('a@x'),
      failed('a@x'),
      failed('a@x', '10.0.0.2'),
      failed('b@x'),
      signIn,
      failed('a@x'),
    ]);
    expect(rows.map((r) => r.length)).toEqual([3, 1, 1, 1, 1]);
    expect(groupEntries([signIn, signIn]).map((r) => r.length)).toEqual([1, 1]);
  });

  it('says an entry in sentences: who by name, what by its title, the address and the browser by name', () => {
    const renamed = entry('staff.update', { target: { type: 'staff', _id: 's1', label: 'mary@kafue.test', name: 'Mary Phiri' } });
    expect(detailSentences(renamed, '24/11/2026, 10:00:00')).toEqual([
      'Done by Mary Banda, an admin.',
      'It concerns the staff account of Mary Phiri.',
      'On 24/11/2026, 10:00:00, from the address 127.0.0.1, with Chrome on Android.',
    ]);
    const visitor = entry('enquiry.create', {
      actor: null,
      target: { type: 'enquiry', _id: 'e1', label: 'Jane Phiri', name: null },
      address: null,
      userAgent: null,
    });
    expect(detailSentences(visitor, 'today')).toEqual([
      'Done by someone who was not signed in.',
      'It concerns the enquiry from Jane Phiri.',
      'On today, from an unknown address, with an unknown browser.',
    ]);
  });

  it('names what an entry concerns by its title, or what it is', () => {
    expect(targetWords(entry('service.update'))).toBe('the service Website Creation');
    // A deleted account: the email it had.
    expect(targetWords(entry('admin.delete', { target: { type: 'admin', _id: 'a2', label: 'gone@kafue.test', name: null } }))).toBe(
      'the admin account of gone@kafue.test',
    );
    expect(targetWords(entry('faq.reorder', { target: { type: 'faq', _id: null, label: null, name: null } }))).toBe('the FAQ');
    expect(
      targetWords(entry('settings.update', { target: { type: 'settings', _id: 'general', label: 'General settings', name: null } })),
    ).toBe('General settings');
  });

  it('writes values in words', () => {
    expect([valueWords(null), valueWords(true), valueWords(false), valueWords(3), valueWords(['a', 'b']), valueWords({ a: 1 })]).toEqual([
      'nothing',
      'on',
      'off',
      '3',
      'a list of 2 items',
      'a new value',
    ]);
    expect(valueWords('x'.repeat(100))).toHaveLength(60);
  });

  it('puts every action the server writes in exactly one kind of change', () => {
    const matches = (action: string, patterns: readonly string[]) =>
      patterns.some((p) => (p.endsWith('*') ? action.startsWith(p.slice(0, -1)) : action === p));
    for (const action of auditActions) {
      const kinds = Object.entries(auditKinds).filter(([, k]) => matches(action, k.actions));
      expect(
        kinds.map(([name]) => name),
        action,
      ).toHaveLength(1);
    }
  });
});
