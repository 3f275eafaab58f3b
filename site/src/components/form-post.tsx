import { useEffect, useRef, useState, type FormEvent } from 'react';

/** What a form's post came to: the server's answer (its JSON body, if any), or null when the server could not be reached. */
export type PostAnswer = { ok: boolean; body: unknown } | null;

/**
 * A public form sent with JavaScript: posts `fields()` as JSON to `url` with the checks the
 * server makes against robots (the honeypot's `website`, and `startedAt`, when the form was shown:
 * a form filled in faster than a person can is a robot's), sends nothing while a post is under
 * way, and hands the answer to `done`.
 */
export function useFormPost(url: string, fields: () => object, done: (answer: PostAnswer) => void) {
  const [sending, setSending] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const website = (e.currentTarget.elements.namedItem('website') as HTMLInputElement).value;
    setSending(true);
    let answer: PostAnswer = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fields(), website, startedAt: shownAt.current }),
      });
      answer = { ok: response.ok, body: await response.json().catch(() => null) };
    } catch {
      // Offline or unreachable: null.
    }
    setSending(false);
    done(answer);
  };
  return { sending, onSubmit: (e: FormEvent<HTMLFormElement>) => void submit(e) };
}

/**
 * The fields a public form carries against robots: the honeypot (out of sight, out of the tab
 * order and of the accessibility tree) and, sent only by the form without JavaScript, when the
 * server rendered the page (`startedAt` of the page's data).
 */
export function RobotChecks({ id, startedAt }: { id: string; startedAt: number | undefined }) {
  return (
    <>
      <div className="hp" aria-hidden="true">
        <label htmlFor={id}>Website</label>
        <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {startedAt !== undefined && <input type="hidden" name="startedAt" value={startedAt} />}
    </>
  );
}
