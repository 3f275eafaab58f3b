import { use } from 'react';
import { mapEmbedUrl, mapPageUrl, phoneHref } from '@kafue/common/company';
import {
  contactFieldSpecs as f,
  contactFields,
  contactFormTexts,
  contactServiceOptions,
  type ContactField,
} from '@kafue/common/contact-form';
import { contactHref, describeSnapshot, type ContactSelection, type ResolvedSelection } from '@kafue/common/requests';
import { CheckList, PageBanner } from '../components/common';
import { Link } from '../router';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/icon-paths';
import { contactPage as t, legalText } from '../content/pages';
import { routeMeta } from '../content/meta';
import { PageDataContext, useCompany } from '../content/data';
import { WhatsAppLink } from '../components/WhatsAppLink';
import { AttributionFields, RobotChecks } from '../components/form-post';
import { errorText } from '../islands/contact';

export const meta = () => routeMeta.contact;

const empty = Object.fromEntries(contactFields.map((field) => [field, ''])) as Record<ContactField, string>;

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

/** The send button's label while the form is sent (its island shows it). */
function SendingLabel() {
  return (
    <>
      <span className="spinner" aria-hidden="true" />
      {t.sending}
    </>
  );
}

/** The note after a sent form. */
function SentNote() {
  return (
    <p className="sent-note">
      <Icon name="checkCircle" size={20} />
      {contactFormTexts.sent}
    </p>
  );
}

/**
 * Idle -> Sending ('Sending...', disabled, spinner) -> the server's answer: on 201 the sent note
 * and an emptied form; on any failure the error note under the button, everything typed kept.
 * Without JavaScript the form posts to /contact (method post), and the server answers with this
 * page showing the same note; with it, its island (src/islands/contact.ts) posts to the API and
 * shows the Sending label and the notes from the templates here.
 */
function ContactForm() {
  // A form sent without JavaScript comes back rendered by the server with its note (and, after
  // an error, the text typed).
  const { contactNote: note, startedAt, request } = use(PageDataContext);
  const values = { ...empty, ...(note?.kind === 'error' ? note.values : undefined) };
  return (
    // Without JavaScript the selection rides in the action's address, where the server reads it;
    // with it, the island sends the request the server resolved from it.
    <form
      className="contact-form"
      method="post"
      action={contactHref(request?.selection ?? {})}
      data-island="contact"
      data-request={request?.request ? JSON.stringify(request.request) : undefined}
    >
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
          defaultValue={values.fullName}
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
            defaultValue={values.phone}
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
            defaultValue={values.email}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-service">
          {f.service.label} <span className="muted">{t.optional}</span>
        </label>
        <select id="contact-service" name="service" defaultValue={values.service}>
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
          defaultValue={values.message}
        />
      </div>
      <RobotChecks id="contact-website" startedAt={startedAt} />
      <AttributionFields />
      {/* The island disables it while the form is sent (src/islands/form-post.ts). */}
      <button type="submit" className="btn btn-primary btn-lg btn-block" aria-disabled={false}>
        <Icon name="mail" size={18} />
        {t.send}
      </button>
      <div role="status" className="form-status">
        {note?.kind === 'success' && <SentNote />}
        {note?.kind === 'error' && <p className="error-note">{errorText(note)}</p>}
      </div>
      {/* What the island shows: the button's label while sending, and the note of the answer. */}
      <template data-shows="sending">
        <SendingLabel />
      </template>
      <template data-shows="sent">
        <SentNote />
      </template>
      <template data-shows="error">
        <p className="error-note" />
      </template>
      <p className="form-privacy">
        {legalText.contactNote} <Link to="/privacy">{legalText.privacyLink}</Link>.
      </p>
    </form>
  );
}

/**
 * The office map: a 250 px frame showing the address; its island (src/islands/map.ts) puts the
 * third-party iframe of its template in its place when the frame comes near the viewport (and the
 * iframe then loads lazily), so it never competes with the page.
 */
function MapFrame() {
  const company = useCompany();
  return (
    <div className="map-frame" data-island="map">
      <p className="map-placeholder">
        <Icon name="pin" size={28} />
        {company.address}
      </p>
      <template>
        <iframe
          src={mapEmbedUrl(company)}
          title={t.mapTitle}
          loading="lazy"
          width="100%"
          height="250"
          referrerPolicy="no-referrer-when-downgrade"
        />
      </template>
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
