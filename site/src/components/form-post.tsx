import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { attributionFields } from '@kafue/common/analytics';
import { readAttribution } from '../analytics/visit';

/** What a form's post came to: the server's answer (its JSON body, if any), or null when the server could not be reached. */
export type PostAnswer = { ok: boolean; body: unknown } | null;

/** The form's own fields of `names` that hold something, by name. */
function filled(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  const values = names.map((name): [string, string] => [name, (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '']);
  return Object.fromEntries(values.filter(([, value]) => value));
}

/**
 * A public form sent with JavaScript: posts `fields()` as JSON to `url` with the checks the
 * server makes against robots (the honeypot's `website`, and `startedAt`, when the form was shown:
 * a form filled in faster than a person can is a robot's) and the visit's attribution
 * (AttributionFields, those filled), sends nothing while a post is under way, and hands the
 * answer to `done`.
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
    const form = e.currentTarget;
    const website = (form.elements.namedItem('website') as HTMLInputElement).value;
    const attribution = filled(form, attributionFields);
    setSending(true);
    let answer: PostAnswer = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fields(), ...attribution, website, startedAt: shownAt.current }),
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

const noSubscription = () => () => {};

/**
 * Where the visit came from (analytics/visit.ts), in hidden fields: filled once the page has
 * hydrated; blank in the page as served, so a form posted without JavaScript sends them empty
 * and the server records the form's own page.
 */
export function AttributionFields() {
  return (
    <>
      {attributionFields.map((name) => (
        <AttributionField key={name} name={name} />
      ))}
    </>
  );
}

function AttributionField({ name }: { name: (typeof attributionFields)[number] }) {
  const value = useSyncExternalStore(
    noSubscription,
    () => readAttribution()?.[name] ?? '',
    () => '',
  );
  return <input type="hidden" name={name} value={value} />;
}
