/**
 * The footer's sign-up (components/Layout.tsx): posts to the API and shows the answer in the
 * note under the form, a success clearing the address.
 */
import { newsletterTexts, subscribersApiPath } from '@kafue/common/newsletter';
import { postOnSubmit } from './form-post';

export default function newsletter(form: HTMLElement) {
  if (!(form instanceof HTMLFormElement)) return;
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const note = form.nextElementSibling!;
  postOnSubmit(
    form,
    subscribersApiPath,
    () => ({ email: email.value, page: location.pathname }),
    (answer) => {
      const body = (answer?.body ?? {}) as { message?: string; errors?: Record<string, string> };
      const line = document.createElement('p');
      if (answer?.ok) {
        line.className = 'sent-note';
        line.textContent = body.message ?? newsletterTexts.checkInbox;
        email.value = '';
      } else {
        line.className = 'error-note';
        line.textContent = body.errors?.email ?? body.message ?? newsletterTexts.failed;
      }
      note.replaceChildren(line);
    },
  );
}
