import { brand } from '@kafue/common/brand';
import { whatsappHref } from '@kafue/common/company';
import { useCompany } from '../content/data';
import { useLocation } from '../router';
import { absoluteUrl } from '../seo';
import { Icon } from './Icon';

export const whatsappLabel = 'Chat on WhatsApp';

/** The message the chat opens with: what the visitor looks at, and where, so the company need not ask. */
export function whatsappText(subject: string | undefined, pageUrl: string): string {
  return subject
    ? `Hello ${brand.company}, I am interested in ${subject}. I am on ${pageUrl}`
    : `Hello ${brand.company}, I have a question. I am on ${pageUrl}`;
}

/**
 * "Chat on WhatsApp" with the company's number, the message naming `subject` (a service, a
 * selection) and this page's address; nothing at all when the company has set no number.
 */
export function WhatsAppLink({ subject, className = 'btn btn-whatsapp' }: { subject?: string; className?: string }) {
  const { whatsapp } = useCompany();
  // The path alone: the subject already names the selection, and the query the server rendered with need not match the browser's.
  const { pathname } = useLocation();
  const href = whatsappHref(whatsapp, whatsappText(subject, absoluteUrl(pathname)));
  if (!href) return null;
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" aria-label={`${whatsappLabel} (opens in a new tab)`}>
      <Icon name="chat" size={18} />
      {whatsappLabel}
    </a>
  );
}
