import { use } from 'react';
import { confirmSubscriptionPath, newsletterTexts as t, privacyPath, unsubscribePath, type NewsletterNote } from '@kafue/common/newsletter';
import { Link, useLocation } from '../router';
import { routeMeta } from '../content/meta';
import { PageDataContext } from '../content/data';
import { footer } from '../content/site';

export const meta = () => routeMeta.newsletter;

/**
 * The newsletter's pages. The confirmation and unsubscribe links of the mails open a page with
 * one button; its form has no action, so it POSTs to the page's own address, token included: a
 * mail scanner that follows the link changes nothing, and the page works without JavaScript.
 * After a post (and after the footer's form sent without JavaScript) the server renders the page
 * with the outcome.
 */
export default function Newsletter() {
  const { newsletterNote: note } = use(PageDataContext);
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const [heading, intro, button] =
    path === confirmSubscriptionPath
      ? [t.confirmHeading, t.confirmIntro, t.confirmButton]
      : path === unsubscribePath
        ? [t.unsubscribeHeading, t.unsubscribeIntro, t.unsubscribeButton]
        : [t.subscribeHeading, footer.newsletter.text, undefined];
  return (
    <section className="section newsletter-page" aria-labelledby="newsletter-title">
      <div className="container narrow center">
        <h1 id="newsletter-title">{heading}</h1>
        {note ? (
          <Outcome note={note} />
        ) : (
          <>
            <p className="lead">{intro}</p>
            {button && (
              <form method="post">
                {/* RFC 8058's body, which the one-click POST of a mail program sends too. */}
                {path === unsubscribePath && <input type="hidden" name="List-Unsubscribe" value="One-Click" />}
                <button type="submit" className="btn btn-primary btn-lg">
                  {button}
                </button>
              </form>
            )}
          </>
        )}
        <p className="newsletter-links">
          <Link to="/">Back to the home page</Link> · <Link to={privacyPath}>{t.privacyLink}</Link>
        </p>
      </div>
    </section>
  );
}

function Outcome({ note }: { note: NewsletterNote }) {
  return (
    <div role="status">
      <p className={note.kind === 'success' ? 'sent-note' : 'error-note'}>{note.message}</p>
    </div>
  );
}
