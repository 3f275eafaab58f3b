/**
 * The contact form (pages/Contact.tsx): Idle -> Sending ('Sending...', the button disabled, a
 * spinner) -> the server's answer: on 201 the sent note and an emptied form; on any failure the
 * error note under the button, everything typed kept. It sends the fields with the request the
 * call to action chose, as the server resolved it (the form's data-request), and the address it
 * was sent from. The button's Sending label and the notes are the page's, in its templates.
 */
import { contactFieldSpecs as f, contactFields, contactFormTexts, enquiriesApiPath, type ContactField } from '@kafue/common/contact-form';
import { postOnSubmit } from './form-post';

/** An error answer's text: its message and, for a refused field, the field's own message. */
export function errorText(answer: unknown): string {
  const { message, errors } = (answer ?? {}) as { message?: unknown; errors?: Record<string, unknown> };
  if (typeof message !== 'string' || !message) return contactFormTexts.failed;
  const details = Object.entries(errors ?? {}).map(
    ([field, text]) => `${field in f ? f[field as ContactField].label : field}: ${String(text)}`,
  );
  return [message, ...details].join(' ');
}

export default function contact(form: HTMLElement) {
  if (!(form instanceof HTMLFormElement)) return;
  const field = (name: ContactField) => form.elements.namedItem(name) as HTMLInputElement;
  const shown = (name: string) =>
    form.querySelector<HTMLTemplateElement>(`template[data-shows="${name}"]`)!.content.cloneNode(true) as DocumentFragment;
  const button = form.querySelector('button[type="submit"]')!;
  const idle = [...button.childNodes];
  const status = form.querySelector('[role="status"]')!;
  const request = form.dataset.request;
  postOnSubmit(
    form,
    enquiriesApiPath,
    () => ({
      ...Object.fromEntries(contactFields.map((name) => [name, field(name).value])),
      ...(request && { request: JSON.parse(request) as unknown }),
      page: location.pathname + location.search,
    }),
    (answer) => {
      const note = shown(answer?.ok ? 'sent' : 'error');
      if (answer?.ok) for (const name of contactFields) field(name).value = '';
      else note.firstElementChild!.textContent = errorText(answer?.body);
      status.replaceChildren(note);
    },
    (sending) => button.replaceChildren(...(sending ? [shown('sending')] : idle)),
  );
}
