import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api';
import { portalApi } from './myEnquiriesApi';

/** Whether the company uses WhatsApp (staff read only its number): then a phone number also opens a chat. */
export function useCompanyWhatsapp(): boolean {
  const company = useQuery({ queryKey: ['staff-portal', 'company-whatsapp'], queryFn: () => unwrap(portalApi.companyWhatsapp()) });
  return Boolean(company.data?.whatsapp);
}
