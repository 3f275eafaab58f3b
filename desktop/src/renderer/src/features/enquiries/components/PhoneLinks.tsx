import { Anchor, Group } from '@mantine/core';
import { phoneHref, whatsappHref } from '@kafue/common/company';

/**
 * An enquirer's phone number as a link that calls it (a phone dials at a tap) and, when the
 * company uses WhatsApp, one that opens a chat with it; '—' when there is none.
 */
export function PhoneLinks({ phone, name, whatsapp }: { phone: string | null; name: string; whatsapp: boolean }) {
  if (!phone) return <>—</>;
  const chat = whatsapp ? whatsappHref(phone, `Hello ${name},`) : null;
  return (
    <Group gap="sm" component="span" wrap="wrap">
      <Anchor href={phoneHref(phone)} aria-label={`Call ${name} on ${phone}`}>
        {phone}
      </Anchor>
      {chat && (
        <Anchor href={chat} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${name} on ${phone}`}>
          WhatsApp
        </Anchor>
      )}
    </Group>
  );
}
