/** Payments through the console's data layer: a quote's payments, requests and invoices, their PDFs, the settings. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { PaymentRequestBody, PaymentSettingsBody } from '@kafue/common/payments';
import { apiDownload, call, callPath, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

const paymentsKey = (quoteId: string) => ['payments', quoteId];
export const paymentSettingsKey = ['settings', 'payments'];

const paymentTexts = {
  loadFailed: 'Failed to load the payments',
  requestFailed: 'Failed to request the payment',
  receiptFailed: 'Failed to download the PDF',
  settingsFailed: 'Failed to save the payment settings',
  invoiceFailed: 'Failed to make the invoice',
  sendFailed: 'Failed to send the invoice',
};

export function useQuotePayments(quoteId: string) {
  return useQuery({
    queryKey: paymentsKey(quoteId),
    queryFn: () => unwrap(call(calls.listQuotePayments, { params: { id: quoteId } })),
    meta: { failureToast: { fallback: paymentTexts.loadFailed } },
  });
}

/** Asks the client for a payment (they pay it on the quote's page once the deposit is paid). */
export function useRequestPayment(quoteId: string, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentRequestBody) => unwrap(call(calls.requestQuotePayment, { params: { id: quoteId }, body })),
    onSuccess(answer) {
      toast('success', answer.message);
      onDone();
      return Promise.all([
        client.invalidateQueries({ queryKey: paymentsKey(quoteId) }),
        client.invalidateQueries({ queryKey: ['enquiries'] }),
      ]);
    },
    onError: (error) => failureToast(error, paymentTexts.requestFailed),
  });
}

/** Makes an invoice of the quote as it stands, or mails one to the client. */
export function useInvoiceAction(quoteId: string, action: 'create' | 'send') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(action === 'create' ? call(calls.createInvoice, { params: { id } }) : call(calls.sendInvoice, { params: { id } })),
    onSuccess(answer) {
      toast('success', answer.message);
      return client.invalidateQueries({ queryKey: paymentsKey(quoteId) });
    },
    onError: (error) => failureToast(error, action === 'create' ? paymentTexts.invoiceFailed : paymentTexts.sendFailed),
  });
}

export function useInvoicePdf() {
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: string }) =>
      unwrap(apiDownload(callPath(calls.getInvoicePdf, { params: { id } }), `${number}.pdf`)),
    onError: (error) => failureToast(error, paymentTexts.receiptFailed),
  });
}

export function useReceiptPdf() {
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: string }) =>
      unwrap(apiDownload(callPath(calls.getReceiptPdf, { params: { id } }), `${number}.pdf`)),
    onError: (error) => failureToast(error, paymentTexts.receiptFailed),
  });
}

export function usePaymentSettings() {
  return useQuery({ queryKey: paymentSettingsKey, queryFn: () => unwrap(call(calls.getPaymentSettings)) });
}

export function useSavePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsBody) => unwrap(call(calls.savePaymentSettings, { body })),
    onSuccess({ message, settings }) {
      toast('success', message);
      client.setQueryData(paymentSettingsKey, settings);
    },
    onError: (error) => failureToast(error, paymentTexts.settingsFailed),
  });
}
