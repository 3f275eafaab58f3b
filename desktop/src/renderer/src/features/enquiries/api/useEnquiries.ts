/** The inbox's server data through the console's data layer. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { messages, type EnquiryUpdateBody } from '@kafue/common/contract';
import type { FollowUpCalls } from '../components/EnquiryFollowUp';
import { apiDownload, callPath, unwrap } from '../../../lib/api';
import { failureToast, toast, type ToastArea } from '../../../lib/toast';
import { enquiriesApi, type EnquiryQuery, type EnquiryStatus } from './enquiriesApi';

export const enquiriesKey = ['enquiries'];
export const unreadKey = ['enquiries', 'unread-count'];

export const texts = {
  loadFailed: 'Failed to load enquiries',
  updated: messages.enquiryUpdated,
  updateFailed: 'Failed to update enquiry',
  bulkUpdated: (n: number, status: string) => `${n} ${n === 1 ? 'enquiry' : 'enquiries'} marked ${status}`,
  bulkFailed: 'Failed to update enquiries',
  noteAdded: messages.enquiryNoteAdded,
  noteFailed: 'Failed to add note',
  deleted: messages.enquiryDeleted,
  deleteFailed: 'Failed to delete enquiry',
  exported: 'Enquiries exported',
  exportFailed: 'Failed to export enquiries',
};

export function useEnquiryList(query: EnquiryQuery) {
  return useQuery({
    queryKey: [...enquiriesKey, 'list', query],
    queryFn: () => unwrap(enquiriesApi.list(query)),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: texts.loadFailed } },
  });
}

export function useEnquiry(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...enquiriesKey, 'detail', id],
    enabled: id !== null,
    queryFn: async () => {
      const detail = await unwrap(enquiriesApi.get(id!));
      // The first read marks it read: the list's bold rows and the sidebar's badge change.
      void client.invalidateQueries({ queryKey: [...enquiriesKey, 'list'] });
      void client.invalidateQueries({ queryKey: unreadKey });
      return detail;
    },
    meta: { failureToast: { fallback: texts.loadFailed } },
  });
}

/** Active staff, the people an enquiry can be assigned to. */
export function useActiveStaff() {
  return useQuery({
    queryKey: ['staff', 'for-enquiries'],
    queryFn: () => unwrap(enquiriesApi.staff()),
    select: (staff) => (Array.isArray(staff) ? staff.filter((s) => s.status === 'Active') : []),
  });
}

export function useUpdateEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EnquiryUpdateBody }) => unwrap(enquiriesApi.update(id, body)),
    onSuccess() {
      toast('success', texts.updated);
      return client.invalidateQueries({ queryKey: enquiriesKey });
    },
    onError: (error) => failureToast(error, texts.updateFailed),
  });
}

/** Sets the status of every selected enquiry; `onDone` hears which ones changed. */
export function useBulkStatus(onDone: (changed: ReadonlySet<string>) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: string[]; status: EnquiryStatus }) => {
      const results = await Promise.all(ids.map((id) => enquiriesApi.update(id, { status })));
      onDone(new Set(ids.filter((_, i) => results[i].ok)));
      const failure = results.find((r) => !r.ok);
      if (failure) await unwrap(Promise.resolve(failure));
      return ids.length;
    },
    onSuccess: (n, { status }) => toast('success', texts.bulkUpdated(n, status)),
    onError: (error) => failureToast(error, texts.bulkFailed),
    onSettled: () => client.invalidateQueries({ queryKey: enquiriesKey }),
  });
}

/**
 * Adds a note to enquiry `id`, from the inbox or (`place`) the staff portal: the key its queries
 * live under, and the area its toasts close in.
 */
export function useAddNote(id: string, place: { key?: readonly unknown[]; area?: ToastArea } = {}) {
  const client = useQueryClient();
  const { key = enquiriesKey, area } = place;
  return useMutation({
    mutationFn: (text: string) => unwrap(enquiriesApi.addNote(id, text)),
    onSuccess() {
      toast('success', texts.noteAdded, { area });
      // The note shows on the timeline.
      return client.invalidateQueries({ queryKey: [...key, 'timeline', id] });
    },
    onError: (error) => failureToast(error, texts.noteFailed, { area }),
  });
}

export function useDeleteEnquiry(onGone: (id: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(enquiriesApi.remove(id)),
    onSuccess(_, id) {
      toast('success', texts.deleted);
      onGone(id);
      return client.invalidateQueries({ queryKey: enquiriesKey });
    },
    onError: (error) => failureToast(error, texts.deleteFailed),
  });
}

/** Export CSV: every enquiry the filters match (not only the page shown). */
export function useExportCsv() {
  return useMutation({
    mutationFn: (filters: Partial<EnquiryQuery>) =>
      unwrap(apiDownload(callPath(calls.exportEnquiries, { query: filters }), 'enquiries.csv')),
    onSuccess: (answer) => {
      if (answer.saved) toast('success', texts.exported);
    },
    onError: (error) => failureToast(error, texts.exportFailed),
  });
}

/** Whether the company uses WhatsApp (Settings, Company): then a phone number also opens a chat. */
export function useCompanyWhatsapp(): boolean {
  const company = useQuery({ queryKey: ['settings', 'company'], queryFn: () => unwrap(enquiriesApi.company()) });
  return Boolean(company.data?.whatsapp);
}

/** The calls behind the detail's timeline, reply and contact forms. */
export function useFollowUpCalls(id: string): FollowUpCalls {
  const client = useQueryClient();
  return {
    key: [...enquiriesKey, 'timeline', id],
    timeline: () => enquiriesApi.timeline(id),
    reply: (body) => enquiriesApi.reply(id, body),
    contact: (body) => enquiriesApi.contact(id, body),
    savedReplies: enquiriesApi.savedReplies,
    attachmentPath: (attachmentId) => callPath(calls.getEnquiryAttachment, { params: { id, attachmentId } }),
    // The detail too: its stage, first response and reply due change with a reply or a client's message.
    onChanged: () => {
      void client.invalidateQueries({ queryKey: [...enquiriesKey, 'list'] });
      void client.invalidateQueries({ queryKey: [...enquiriesKey, 'detail', id] });
    },
  };
}

export function useUnreadCount() {
  return useQuery({ queryKey: unreadKey, queryFn: () => unwrap(enquiriesApi.unreadCount()), refetchInterval: 60_000 });
}
