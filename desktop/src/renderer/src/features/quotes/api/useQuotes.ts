/** An enquiry's quotes through the console's data layer: list, save a draft, send, withdraw, PDF. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { QuoteUpdateBody } from '@kafue/common/schemas';
import { apiDownload, call, callPath, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

const quotesKey = (enquiryId: string) => ['quotes', enquiryId];

const quoteTexts = {
  loadFailed: 'Failed to load quotes',
  saveFailed: 'Failed to save the quote',
  sendFailed: 'Failed to send the quote',
  withdrawFailed: 'Failed to withdraw the quote',
  pdfFailed: 'Failed to download the PDF',
};

export function useQuotes(enquiryId: string) {
  return useQuery({
    queryKey: quotesKey(enquiryId),
    queryFn: () => unwrap(call(calls.listQuotes, { query: { enquiryId } })),
    meta: { failureToast: { fallback: quoteTexts.loadFailed } },
  });
}

/** After a change: the quotes, and the enquiry (its stage moves when a quote is sent). */
function useRefresh(enquiryId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: quotesKey(enquiryId) }), client.invalidateQueries({ queryKey: ['enquiries'] })]);
}

/** Saves a draft: a new one without `id`, else that draft's new content. */
export function useSaveQuote(enquiryId: string, onSaved: () => void) {
  const refresh = useRefresh(enquiryId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: QuoteUpdateBody }) =>
      unwrap(id ? call(calls.updateQuote, { params: { id }, body }) : call(calls.createQuote, { body: { ...body, enquiryId } })),
    onSuccess(answer) {
      toast('success', answer.message);
      onSaved();
      return refresh();
    },
    onError: (error) => failureToast(error, quoteTexts.saveFailed),
  });
}

/** Sends or withdraws a quote. */
export function useQuoteAction(enquiryId: string, action: 'send' | 'withdraw') {
  const refresh = useRefresh(enquiryId);
  return useMutation({
    mutationFn: (id: string) => unwrap(call(action === 'send' ? calls.sendQuote : calls.withdrawQuote, { params: { id } })),
    onSuccess(answer) {
      toast('success', answer.message);
      return refresh();
    },
    onError: (error) => failureToast(error, action === 'send' ? quoteTexts.sendFailed : quoteTexts.withdrawFailed),
  });
}

export function useQuotePdf() {
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: string }) =>
      unwrap(apiDownload(callPath(calls.getQuotePdf, { params: { id } }), `${number}.pdf`)),
    onError: (error) => failureToast(error, quoteTexts.pdfFailed),
  });
}
