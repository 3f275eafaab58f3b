import { use, useEffect, useRef, useState } from 'react';
import { mapEmbedUrl, mapPageUrl, phoneHref } from '@kafue/common/company';
import {
  contactFieldSpecs as f,
  contactFields,
  contactFormTexts,
  contactHref,
  contactServiceOptions,
  enquiriesApiPath,
  type ContactField,
} from '@kafue/common/contact-form';
import { describeSnapshot, type ContactSelection, type ResolvedSelection } from '@kafue/common/requests';
import { CheckList, PageBanner } from '../components/common';
import { Link, useLocation } from '../router';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/icon-paths';
import { contactPage as t, legalText } from '../content/pages';
import { routeMeta } from '../content/meta';
import { PageDataContext, useCompany } from '../content/data';
import { WhatsAppLink } from '../components/WhatsAppLink';
import { AttributionFields, RobotChecks, useFormPost } from '../components/form-post';

export const meta = () => routeMeta.contact;

const empty = Object.fromEntries(contactFields.map((field) => [field, ''])) as Record<ContactField, string>;

/** What the last send came to: the success note, or the error note (the form keeps its text). */
export type FormResult = { sent: true } | { error: string };

/** An error answer's text: its message and, for a refused field, the field's own message. */
export function errorText(answer: unknown): string {
  const { message, errors } = (answer ?? {}) as { message?: unknown; errors?: Record<string, unknown> };
  if (typeof message !== 'string' || !message) return contactFormTexts.failed;
  const details = Object.entries(errors ?? {}).map(
    ([field, text]) => `${field in f ? f[field as ContactField].label : field}: ${String(text)}`,
  );
  return [message, ...details].join(' ');
}

/** The items of a resolved selection as the visitor can remove them: each with the address without it. */
function requestItems({ selection, snapshot }: ResolvedSelection): { label: string; without: ContactSelection }[] {
  if (!snapshot) return [];
  switch (snapshot.kind) {
    case 'service':
      return [{ label: snapshot.title, without: {} }];
    case 'consultation':
      return [{ label: t.request.consultation, without: {} }];
    case 'quote':
      // The resolved selection holds the kept items in the snapshot's order.
      if (snapshot.model === 'monthly')
        return [
          ...(snapshot.plan ? [{ label: `${snapshot.plan.name} plan`, without: { ...selection, plan: undefined } }] : []),
          ...snapshot.addons.map((a, i) => ({
            label: a.name,
            without: { ...selection, addons: selection.addons?.filter((_, j) => j !== i) },
          })),
        ];
      return snapshot.projects.map((p, i) => ({
        label: p.title,
        without: { ...selection, projects: selection.projects?.filter((_, j) => j !== i) },
      }));
  }
}

/**
 * What the call to action that led here chose, as the server resolved it: the request in one line,
 * each item removable (a link to this page without it), and a note for each item of the address
 * that was left out.
 */
function YourRequest({ request }: { request: ResolvedSelection }) {
  const items = requestItems(request);
  return (
    <div className="your-request">
      {request.snapshot && (
        <>
          <p>
            <strong>{t.request.heading}</strong> {describeSnapshot(request.snapshot)}
          </p>
          <ul className="request-items" aria-label={t.request.itemsLabel}>
            {items.map((item) => (
              <li key={item.label}>
                {item.label}
                <Link to={contactHref(item.without)} className="remove-link">
                  {t.request.remove}
                  <span className="sr-only"> {item.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {request.dropped.map((note) => (
        <p key={note} className="request-note">
          <Icon name="spark" size={18} />
          {note}
        </p>
      ))}
    </div>
  );
}

/**
 * Idle -> Sending ('Sending...', disabled, spinner) -> the server's answer: on 201 the sent note
 * and an emptied form; on any failure the error note under the button, everything typed kept.
 * Without JavaScript the same form posts to /contact (method post), and the server answers with
 * this page showing the same note.
 */
function ContactForm() {
  // A form sent without JavaScript comes back rendered by the server with its note (and, after
  // an error, the text typed); the page's data carries it, so hydration matches.
  const { contactNote: note, startedAt, request } = use(PageDataContext);
  const { pathname, search } = useLocation();
  const [values, setValues] = useState(() => ({ ...empty, ...(note?.kind === 'error' ? note.values : undefined) }));
  const [result, setResult] = useState<FormResult | null>(
    note ? (note.kind === 'success' ? { sent: true } : { error: errorText(note) }) : null,
  );
  const set = (field: ContactField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const { sending, onSubmit } = useFormPost(
    enquiriesApiPath,
    // What the call to action chose goes as the server resolved it, with the address it was sent from.
    () => ({ ...values, ...(request?.request && { request: request.request }), page: pathname + search }),
    (answer) => {
      setResult(answer?.ok ? { sent: true } : { error: errorText(answer?.body) });
      if (answer?.ok) setValues(empty);
    },
  );
  return (
    // Without JavaScript the selection rides in the action's address, where the server reads it.
    <form className="contact-form" method="post" action={contactHref(request?.selection ?? {})} onSubmit={onSubmit}>
      {request && <YourRequest request={request} />}
      <div className="field">
        <label htmlFor="contact-name">{f.fullName.label}</label>
        <input
          id="contact-name"
          name="fullName"
          type="text"
          autoComplete="name"
          required
          maxLength={f.fullName.maxLength}
          placeholder={f.fullName.placeholder}
          value={values.fullName}
          onChange={set('fullName')}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="contact-phone">
            {f.phone.label} <span className="muted">{t.optional}</span>
          </label>
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={f.phone.maxLength}
            placeholder={f.phone.placeholder}
            value={values.phone}
            onChange={set('phone')}
          />
        </div>
        <div className="field">
          <label htmlFor="contact-email">{f.email.label}</label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={f.email.maxLength}
            placeholder={f.email.placeholder}
            value={values.email}
            onChange={set('email')}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-service">
          {f.service.label} <span className="muted">{t.optional}</span>
        </label>
        <select id="contact-service" name="service" value={values.service} onChange={set('service')}>
          <option value="">{f.service.placeholder}</option>
          {contactServiceOptions.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-message">{f.message.label}</label>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          required
          maxLength={f.message.maxLength}
          placeholder={f.message.placeholder}
          value={values.message}
          onChange={set('message')}
        />
      </div>
      <RobotChecks id="contact-website" startedAt={startedAt} />
      <AttributionFields />
      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={sending} aria-disabled={sending}>
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {t.sending}
          </>
        ) : (
          <>
            <Icon name="mail" size={18} />
            {t.send}
          </>
        )}
      </button>
      <div role="status" className="form-status">
        {result && 'sent' in result && (
          <p className="sent-note">
            <Icon name="checkCircle" size={20} />
            {contactFormTexts.sent}
          </p>
        )}
        {result && 'error' in result && <p className="error-note">{result.error}</p>}
      </div>
      <p className="form-privacy">
        {legalText.contactNote} <Link to="/privacy">{legalText.privacyLink}</Link>.
      </p>
    </form>
  );
}

/**
 * The office map: a 250 px frame whose third-party iframe is only created after hydration, when
 * the frame comes near the viewport (and then loads lazily), so it never competes with the page.
 */
function MapFrame() {
  const company = useCompany();
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="map-frame" ref={frame}>
      {near ? (
        <iframe
          src={mapEmbedUrl(company)}
          title={t.mapTitle}
          loading="lazy"
          width="100%"
          height="250"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <p className="map-placeholder">
          <Icon name="pin" size={28} />
          {company.address}
        </p>
      )}
    </div>
  );
}

function InfoItem({ icon, label, children }: { icon: IconName; label: string; children: React.ReactNode }) {
  return (
    <li>
      <span className="icon-badge small">
        <Icon name={icon} size={18} />
      </span>
      <span>
        <span className="info-label">{label}</span>
        <span className="info-value">{children}</span>
      </span>
    </li>
  );
}

export default function Contact() {
  const company = useCompany();
  const { request } = use(PageDataContext);
  return (
    <>
      <PageBanner id="contact-title" heading={t.heading} text={t.subline} />
      <section className="section section-soft">
        <div className="container contact-grid">
          <div className="card contact-card" aria-labelledby="form-heading" role="region">
            <h2 id="form-heading">{t.formHeading}</h2>
            <ContactForm />
          </div>
          <div className="contact-side">
            <div className="card" role="region" aria-labelledby="info-heading">
              <h2 id="info-heading">{t.infoHeading}</h2>
              <ul className="info-list">
                <InfoItem icon="phone" label={t.info.phone}>
                  <a href={phoneHref(company.phone)}>{company.phone}</a>
                </InfoItem>
                <InfoItem icon="mail" label={t.info.email}>
                  <a href={`mailto:${company.email}`}>{company.email}</a>
                </InfoItem>
                <InfoItem icon="pin" label={t.info.address}>
                  {company.address}
                </InfoItem>
                <InfoItem icon="clock" label={t.info.hours}>
                  {t.info.hoursValue}
                </InfoItem>
              </ul>
              <WhatsAppLink
                subject={request?.snapshot ? describeSnapshot(request.snapshot) : undefined}
                className="btn btn-whatsapp contact-whatsapp"
              />
            </div>
            <MapFrame />
            <p className="map-link">
              <a href={mapPageUrl(company)}>
                <Icon name="pin" size={18} />
                {t.openMap}
              </a>
            </p>
            <div className="card guarantee" role="region" aria-labelledby="guarantee-heading">
              <h2 id="guarantee-heading">
                <Icon name="spark" size={20} />
                {t.guarantee.heading}
              </h2>
              <CheckList items={t.guarantee.items} />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
