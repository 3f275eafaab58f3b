import { attributionFields } from '@kafue/common/analytics';

/**
 * The fields a public form carries against robots: the honeypot (out of sight, out of the tab
 * order and of the accessibility tree) and, sent only by the form without JavaScript, when the
 * server rendered the page (`startedAt` of the page's data). With JavaScript, src/islands/form-post.ts
 * sends when the form was shown instead.
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

/**
 * Where the visit came from (analytics/visit.ts), in hidden fields: blank in the page as served,
 * so a form posted without JavaScript sends them empty and the server records the form's own
 * page; the page's script fills them (entry-client.ts).
 */
export function AttributionFields() {
  return (
    <>
      {attributionFields.map((name) => (
        <input key={name} type="hidden" name={name} value="" data-attribution="" />
      ))}
    </>
  );
}
