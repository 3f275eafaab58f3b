import { attributionFields } from '@kafue/common/analytics';

/** What a form's post came to: the server's answer (its JSON body, if any), or null when the server could not be reached. */
export type PostAnswer = { ok: boolean; body: unknown } | null;

/** The form's own fields of `names` that hold something, by name. */
function filled(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  const values = names.map((name): [string, string] => [name, (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '']);
  return Object.fromEntries(values.filter(([, value]) => value));
}

/**
 * A public form sent with JavaScript: on submit, posts
 * `fields()` as JSON to `url` with the checks the server makes against robots (the honeypot's
 * `website`, and `startedAt`: a form filled in faster than a person can is a robot's) and the
 * visit's attribution (components/form-post.tsx, those filled), sends nothing while a post is
 * under way (its submit button disabled, and `sending` told, which may show it) and hands the
 * answer to `done`. The form was shown when the page was (its island is set up later, on the
 * visitor's first touch of it).
 */
export function postOnSubmit(
  form: HTMLFormElement,
  url: string,
  fields: () => object,
  done: (answer: PostAnswer) => void,
  sending?: (on: boolean) => void,
) {
  const shownAt = Math.round(Date.now() - performance.now());
  let busy = false;
  const buttons = form.querySelectorAll<HTMLButtonElement>('button[type="submit"]');
  const setSending = (on: boolean) => {
    busy = on;
    for (const button of buttons) {
      button.disabled = on;
      button.setAttribute('aria-disabled', String(on));
    }
    sending?.(on);
  };
  const send = async () => {
    const website = (form.elements.namedItem('website') as HTMLInputElement).value;
    setSending(true);
    let answer: PostAnswer = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fields(), ...filled(form, attributionFields), website, startedAt: shownAt }),
      });
      answer = { ok: response.ok, body: await response.json().catch(() => null) };
    } catch {
      // Offline or unreachable: null.
    }
    setSending(false);
    done(answer);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!busy) void send();
  });
}
